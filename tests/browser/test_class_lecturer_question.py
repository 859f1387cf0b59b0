"""A lecturer's own question from a lecture file, asked and revealed in class in real
Chromium: the lecturer opens the file on /lecture, starts a class, opens their scene (its
question chosen by default); two students (a phone and a laptop) see the lecturer's text
and choices as written (plain text, formulas as typed, nothing rendered as HTML), each
answers; Reveal shows the counts and the file's right choice on the projector and on
both phones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_helpers import open_app, screenshot, wait_for_app_idle
from class_steps import OVER, revealed

QUESTION = {
    "prompt": "Why does the bound $R^2/\\gamma^2$ not depend on *d*?",
    "choices": ["It does", "Only $R$ and $\\gamma$ count", "Luck_and *chance*"],
    "right": 1,
}
SCENE = {
    "title": "Margin 0.2, asked",
    "path": "playground",
    "params": {"pg_n": "30", "pg_separable_margin": "0.2", "pg_step": "2"},
}


def test_a_lecturer_s_own_question_is_asked_and_revealed_on_two_devices(
    browser: Any, streamlit_server: Any, tmp_path: Path
):
    url = streamlit_server("app.py")
    saved = tmp_path / "lecture.json"
    body = {
        "format": "perceptron-lab-lecture",
        "version": 1,
        "scenes": [{**SCENE, "question": QUESTION}],
    }
    saved.write_text(json.dumps(body))
    contexts = [
        browser.new_context(viewport={"width": 1024, "height": 768}),
        browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True),
        browser.new_context(viewport={"width": 1280, "height": 800}),
    ]
    try:
        lect, phone, laptop = (c.new_page() for c in contexts)
        open_app(lect, url + "/lecture")
        lect.locator(".st-key-lab_lecture_file input[type=file]").set_input_files(str(saved))
        lect.wait_for_selector('[data-testid="stAlertContentSuccess"]', timeout=30_000)
        wait_for_app_idle(lect)
        lect.locator(".st-key-lab_class_start button").first.click()
        join = lect.locator('[data-testid="stCode"]', has_text="/join?code=")
        join.first.wait_for(timeout=30_000)
        link = join.first.inner_text().strip()
        for student in (phone, laptop):
            open_app(student, link)
        wait_for_app_idle(lect)
        lect.locator(".st-key-lab_mine_open_0 button").click()  # the lecturer's scene
        for page in (lect, phone, laptop):  # the class follows it to its page
            page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
            wait_for_app_idle(page)
        kind = lect.locator(".st-key-lab_class_kind")
        kind.wait_for(timeout=30_000)
        wait_for_app_idle(lect)
        assert kind.locator("input").input_value() == "The lecturer's question"  # by default
        lect.mouse.click(600, 5)  # the page has the keys
        lect.keyboard.press("q")  # Ask the class, as a lecturer at the projector does
        lect.wait_for_selector('[data-testid="stMetric"]', timeout=30_000)
        for student in (phone, laptop):
            student.wait_for_selector("#lab-poll button[data-choice]", timeout=15_000)
            # The lecturer's words as text (*d* and Luck_and *chance* as typed, no Markdown),
            # their formulas typeset by KaTeX (loaded from the lab's server when one is shown).
            prompt = student.locator("#lab-poll p").first
            prompt.locator(".katex .katex-html").first.wait_for(timeout=15_000)
            assert prompt.locator(".katex").count() == 1
            words = prompt.evaluate(
                "p => [...p.childNodes].filter(n => n.nodeType === 3).map(n => n.data)"
            )
            assert words == ["Why does the bound ", " not depend on *d*?"]
            choices = student.locator("#lab-poll button[data-choice]")
            assert [choices.nth(i).locator(".katex").count() for i in range(3)] == [0, 2, 0]
            assert choices.nth(0).inner_text() == "It does"
            assert choices.nth(2).inner_text() == "Luck_and *chance*"
            assert student.locator("#lab-poll .katex-error").count() == 0
        screenshot(phone, "class-lecturer-question-phone-390", full_page=False)
        phone.locator("#lab-poll button[data-choice='1']").click()
        phone.wait_for_selector("#lab-poll button[data-choice='1'][aria-pressed='true']")
        laptop.locator("#lab-poll button[data-choice='2']").click()
        laptop.wait_for_selector("#lab-poll button[data-choice='2'][aria-pressed='true']")
        lect.wait_for_function(
            "() => document.querySelector('[data-testid=stMetricValue]')?.textContent === '2'",
            timeout=15_000,
        )
        lect.locator(".st-key-lab_class_reveal button").click()
        caption = lect.locator('[data-testid="stCaptionContainer"]', has_text="Right answer:")
        caption.first.wait_for(timeout=30_000)
        said = caption.first.inner_text()
        # The right choice, its formulas typeset on the projector (KaTeX), the rest text.
        assert said.startswith("Right answer: Only") and "count (the lecturer's)" in said
        assert caption.first.locator(".katex").count() == 2
        assert said.endswith(" 2 answered.")
        for student in (phone, laptop):
            texts, counts = revealed(student)
            assert counts == [0, 1, 1], texts
            marked = [t for t in texts if t.startswith("✓ ")]
            assert len(marked) == 1 and texts.index(marked[0]) == 1, texts
            assert marked[0].startswith("✓ Only") and texts[2].startswith("Luck_and *chance* — ")
            right = student.locator("#lab-poll button[data-choice='1']")
            assert right.locator(".katex").count() == 2  # typeset after Reveal too
        screenshot(phone, "class-lecturer-question-revealed-phone-390", full_page=False)
    finally:
        for context in contexts:
            context.close()
