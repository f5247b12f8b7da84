"""The phone page in a real browser: headless Chromium (Debian's ``chromium`` and ``chromium-driver``)
driven by selenium opens the page the host serves, types the join code and the seat's phone code,
sees the seat's hand, and seals the seat's Movement card with a tap. Skipped, with the reason, where
Chromium, its driver or selenium is missing. The page is saved as a screenshot next to the test's
files (``phone.png``)."""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
import time
from pathlib import Path

import pytest

from game.net import protocol as p
from game.net.phone import phone_url
from tests.net import harness as h

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
WAIT_S = 30.0

selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install selenium)")
if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
    pytest.skip("headless Chromium is not installed (apt-get install chromium chromium-driver)",
                allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


class HostBeside:
    """A City of Horror host and its three players in a thread of their own, played up to ana's
    Movement card; the browser is ana's phone."""

    def __init__(self, tmp_path: Path):
        self.tmp_path = tmp_path
        self.ready = threading.Event()
        self.finish: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # told to the test through ``error``
            self.error = error
            self.ready.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.finish = asyncio.Event()
        game = h.city_of_horror_game()
        self.host = h.new_host(game, self.tmp_path / "net.json")
        self.url = await h.start(self.host)
        try:
            players = await h.seat_players(self.host, self.url, game, ["ana", "ben", "cai"])
            self.pick = next(n for n, (seat, text) in enumerate(game.script)
                             if seat == "ana" and json.loads(text).get("kind") == "pick_movement")
            await h.play_script(game, players, range(self.pick))
            self.phone_code = next(m for m in players[0].messages if isinstance(m, p.Welcome)).phone_code
            self.ready.set()
            await self.finish.wait()
        finally:
            await self.host.stop()

    def start(self) -> None:
        self.thread.start()
        assert self.ready.wait(WAIT_S) and self.error is None, self.error

    def stop(self) -> None:
        if self.loop is not None and self.finish is not None:
            self.loop.call_soon_threadsafe(self.finish.set)
        self.thread.join(WAIT_S)


def until(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_the_phone_page_in_headless_chromium(tmp_path):
    beside = HostBeside(tmp_path)
    beside.start()
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--no-first-run", "--window-size=420,860"):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        browser.get(phone_url(beside.url))
        browser.find_element(By.ID, "code").send_keys(beside.host.code.lower())
        browser.find_element(By.ID, "phone").send_keys(beside.phone_code)
        browser.find_element(By.ID, "open").click()
        until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand span"), "the hand on the page")
        hand = [span.text for span in browser.find_elements(By.CSS_SELECTOR, "#hand span")]
        state = beside.host.session.state
        assert len(hand) == len(state.hands[state.index("ana")]) and "?" not in hand  # her own cards, face up
        assert "ana" in browser.find_element(By.ID, "who").text
        choices = browser.find_elements(By.CSS_SELECTOR, "#choices button")
        picks = [b for b in choices if b.text.startswith("Pick movement")]
        assert picks, [b.text for b in choices]
        browser.save_screenshot(str(tmp_path / "phone.png"))
        logged = len(beside.host.session.log)
        picks[0].click()
        until(lambda: len(beside.host.session.log) == logged + 1, "the host to apply the phone's pick")
        assert beside.host.session.log[-1].seat == "ana"
        assert type(beside.host.session.log[-1].command).__name__ == "PickMovement"
        until(lambda: browser.find_element(By.ID, "sealed").text, "the page to show the sealed pick")
        assert not any(b.text.startswith("Pick movement") for b in browser.find_elements(By.CSS_SELECTOR, "#choices button"))
        assert beside.host.session.log[-1].command.location.replace("_", " ") in \
            browser.find_element(By.ID, "sealed").text.lower()
        browser.save_screenshot(str(tmp_path / "phone-after.png"))
    finally:
        browser.quit()
        beside.stop()
