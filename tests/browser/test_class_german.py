"""A class in two languages, in real Chromium: the lecturer (English, 1024x768) asks the class
a question; a student whose browser is German (a phone, 390x844, locale de-DE) follows and
sees the question, its choices, its panel's words and after Reveal the counts in German,
while the projector says the same question in English. The store holds ids and numbers
(ui.room.class_words), and each device says them in its own language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import open_app, screenshot, wait_for_app_idle

OVER = '[data-testid="stageOver"]'
SHOTS = Path("/tmp/h21-lecture-class")


def test_a_german_student_sees_an_english_lecturer_s_question_in_german(
    browser: Any, streamlit_server: Any
):
    url = streamlit_server("app.py")
    contexts = [
        browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB"),
        browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale="de-DE"),
    ]
    try:
        lect, phone = (c.new_page() for c in contexts)
        open_app(lect, url + "/playground?pg_n=30&pg_seed=3&pg_noise=0.1&pg_step=3")
        lect.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
        lect.locator(".st-key-lab_class_start button").first.click()
        lect.wait_for_selector('[data-testid="stImage"] img', timeout=30_000)
        wait_for_app_idle(lect)
        link = lect.locator('[data-testid="stCode"]').first.inner_text().strip()
        open_app(phone, link)
        phone.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
        wait_for_app_idle(phone)
        assert "Sie folgen der Vorlesung" in phone.locator("body").inner_text()
        lect.locator(".st-key-lab_class_ask button").first.click()  # the next mistake
        lect.wait_for_selector('[data-testid="stMetric"]', timeout=30_000)
        projector = lect.locator('[data-testid="stText"]').all_inner_texts()
        assert any("next mistake" in t for t in projector), projector
        phone.wait_for_selector("#lab-poll button[data-choice]", timeout=15_000)
        prompt = phone.locator("#lab-poll p").first.inner_text()
        assert prompt.startswith("Welcher der markierten Punkte ist der nächste Fehler"), prompt
        assert phone.locator("#lab-poll").get_attribute("aria-label") == "Die Frage an die Klasse"
        choices = phone.locator("#lab-poll button[data-choice]").all_inner_texts()
        # The lecturer's choices, said in German: the same letters, examples and numbers.
        english = [t.removeprefix("•").strip() for t in projector if t.startswith("•")]
        assert len(choices) == len(english) >= 2
        for mine, theirs in zip(choices, english, strict=True):
            assert theirs.replace("example", "Beispiel").replace("label", "Label") == mine
        foot = phone.locator("#lab-poll p").last.inner_text()
        assert foot == "Antworten Sie, bevor die Lehrkraft weitergeht."
        phone.locator("#lab-poll button[data-choice='1']").click()
        phone.wait_for_selector("#lab-poll button[data-choice='1'][aria-pressed='true']")
        screenshot(phone, "class-german-phone-390", full_page=False)
        phone.screenshot(path=str(SHOTS / "class-german-phone-390.png"))
        lect.wait_for_function(
            "() => document.querySelector('[data-testid=stMetricValue]')?.textContent === '1'",
            timeout=15_000,
        )
        lect.locator(".st-key-lab_class_reveal button").click()
        phone.wait_for_selector("#lab-poll[data-mode='revealed']", timeout=15_000)
        texts = phone.locator("#lab-poll button[data-choice]").all_inner_texts()
        assert texts[1].endswith("— 1 Antwort (Ihre)"), texts
        assert all(t.endswith("— 0 Antworten") for i, t in enumerate(texts) if i != 1), texts
        assert phone.locator("#lab-poll p").last.inner_text() == (
            "Die richtige Antwort ist mit ✓ markiert."
        )
        phone.screenshot(path=str(SHOTS / "class-german-revealed-390.png"))
        lect.screenshot(path=str(SHOTS / "class-english-projector-1024.png"))
    finally:
        for context in contexts:
            context.close()
