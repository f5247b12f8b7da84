"""Network play in the window: Host and Join, the lobby, the remote session the game screens play
through, chat, ping and the connection banner (the wire itself is ``game.net``)."""
