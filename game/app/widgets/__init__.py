"""Widgets both game screens share: buttons and dialogs, the dice tray faces, the log panel, the
cached chrome behind the panels."""
