"""The lab's own state: every session key that is the whole lab's, not one page's, declared
once here with its default and its meaning (a page's keys are its table's: ``prefix`` +
name).

``app.py`` sets up the keys with a default (``SET_UP``) before any page runs, so they
survive moving between pages (Streamlit clears a widget's state when its page is not
shown); pages read them and write them when the user changes them. The others are set
where they are used and are absent until then. The lab's own widgets (the lecture page,
the scene bar) have their keys here too. Every other module names a key by its constant:
a ``"lab_..."`` string written anywhere else in Python is an error (tests/ui/state/test_state.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

UNSET = object()  # a key app.py does not set up: absent until its part sets it


@dataclass(frozen=True)
class LabKey:
    """One key of the lab's state: its name (the session key), its default (``UNSET``: not
    set up by app.py) and what it holds."""

    name: str
    default: Any
    meaning: str


DECLARED: dict[str, LabKey] = {}


def _key(name: str, default: Any, meaning: str) -> str:
    if not name.startswith("lab_") or name in DECLARED:
        raise ValueError(f"{name!r}: a lab key starts with lab_ and is declared once")
    DECLARED[name] = LabKey(name, default, meaning)
    return name


# ------------------------------------------------------- set up by app.py, lab-wide
PRESENTER = _key(
    "lab_presenter",
    False,
    "presenter mode (larger text, less chrome): the one truth; every page's toggle "
    "(<prefix>presenter, also its link parameter) shows it and sets it",
)
THEME = _key(
    "lab_theme",
    "auto",
    "the lab's theme (ui.parts.style.THEMES): auto follows Streamlit's (the browser's or its "
    "settings menu's), light or dark (a dark lecture hall) is set for the page and every "
    "figure; chosen in the sidebar or by the link's theme=",
)
NOTATION = _key(
    "lab_notation",
    "wb",
    "the lab's notation (ui.notation: wb, theta, augmented, hardlim), for every page; the "
    "sidebar's Notation box and the link's notation= set it",
)
LANGUAGE = _key(
    "lab_language",
    None,
    "the language the user chose (ui.words: en, de), for every page; None: the browser's "
    "(st.context.locale); the sidebar's Language box and the link's lang= set it",
)
DATASET = _key("lab_dataset", None, "the dataset on screen (a datasets.Dataset), for the next page")
DATA = _key("lab_data", None, "how it was picked: the data fields' values and drawn points")
UPLOAD = _key("lab_upload", None, "the last uploaded dataset: a page in upload mode opens on it")
SCENE = _key(
    "lab_scene", None, "the lecture's scene on screen (ui.lecture.SCENES), None outside one"
)
LECTURE_AT = _key("lab_lecture_at", 0, "the scene the lecture page points at (PageDown / PageUp)")
CUSTOM_SCENES = _key(
    "lab_custom_scenes", (), "the lecturer's own scenes: (title, path, params), oldest first"
)

# ------------------------------------------------ set where they are used (no default)
OPEN_SCENE = _key(
    "lab_open_scene",
    UNSET,
    "a scene asked for by a button (an index of lecture.SCENES, or the lecturer's own "
    "scene's (title, path, params)), opened at the start of the next run (ui.parts.scenes)",
)
SCENE_HOPPED = _key(
    "lab_scene_hopped", UNSET, "the lecture page ran once with a scene waiting: open it now"
)
SCENE_OPENINGS = _key(
    "lab_scene_openings", UNSET, "scenes opened in this session (each is a new page)"
)
BAD = _key("lab_bad", UNSET, "run keys of inputs that raised while being drawn (ui.server.guard)")
PENDING = _key("lab_pending", UNSET, "the run key of what a page is drawing (ui.server.guard)")
CRASHED = _key("lab_crashed", UNSET, "a page run raised: the rerun says so (ui.server.guard)")
THEME_PICK = _key("lab_theme_pick", UNSET, "the sidebar's Theme choice")
THEME_SAID = _key("lab_theme_said", UNSET, "what was wrong with the link's theme=, said once")
THEME_SCRIPT = _key("lab_theme_script", UNSET, "the container of the theme's CSS: nothing to see")
PAGE_KEYS = _key(
    "lab_page_keys", UNSET, "the container of the page's keys (ui.stage.chart): nothing to see"
)
PAGE_WHERE = _key(
    "lab_page_where", UNSET, "the page and scene this run drew (ui.stage.keys.page_keys's where)"
)

# ------------------------------------ the lab's own widgets (the browser reads some keys)
NEXT_SCENE = _key("lab_next_scene", UNSET, "the scene bar's Next scene button")
PREV_SCENE = _key("lab_prev_scene", UNSET, "the scene bar's Previous button")
LECTURE_PREV = _key("lab_lecture_prev", UNSET, "the lecture page's Previous button")
LECTURE_NEXT = _key("lab_lecture_next", UNSET, "the lecture page's Next button")
LECTURE_CARD = _key("lab_lecture_card", UNSET, "the lecture page's card of the scene pointed at")
LECTURE_OPEN = _key("lab_lecture_open", UNSET, "the card's Open button")
LECTURE_OPEN_AT = _key(
    "lab_lecture_open_", UNSET, "+ i: the Open button of the lecture's scene i in the list"
)
MINE_OPEN_AT = _key("lab_mine_open_", UNSET, "+ i: the Open button of the lecturer's scene i")
MINE_REMOVE_AT = _key("lab_mine_remove_", UNSET, "+ i: the Remove button of the lecturer's scene i")

NOTATION_PICK = _key("lab_notation_pick", UNSET, "the sidebar's Notation box")
LANGUAGE_PICK = _key("lab_language_pick", UNSET, "the sidebar's Language box")
SETTINGS_BOX = _key("lab_settings_box", UNSET, "the sidebar's box of the Notation and Language")
SETTINGS_SAID = _key(
    "lab_settings_said", UNSET, "what was wrong with the link's notation= or lang=, said once"
)

# ------------------------------------------- a lecture that lasts (ui.parts.saved)
LECTURE_FILE = _key("lab_lecture_file", UNSET, "the Open a lecture file chooser")
LECTURE_FILE_SAID = _key(
    "lab_lecture_file_said", UNSET, "what opening a lecture file or link gave: (text, refused)"
)
LECTURE_DOWNLOAD = _key("lab_lecture_download", UNSET, "the Download your lecture button")
LECTURE_HTML = _key("lab_lecture_html", UNSET, "the Download the lecture as one HTML file button")
LECTURE_SAVE = _key("lab_lecture_save", UNSET, "the Save on the course server button")
LECTURE_SAVED = _key("lab_lecture_saved", UNSET, "the id (the link) of the lecture saved last")
LECTURE_SAVER = _key(
    "lab_lecture_saver", UNSET, "this session's random name on the lecture store (its cap)"
)
LECTURE_LINK_OPENED = _key(
    "lab_lecture_link_opened", UNSET, "the saved lecture's id this session opened from its link"
)

# ------------------------------------------- the class in the room (ui.room.classroom)
CLASS = _key(
    "lab_class",
    UNSET,
    "the class this session leads: ui.room.store.Opened (its join code and the lecturer's "
    "secret, kept here only: never in a link, never drawn)",
)
CLASS_LEAD = _key("lab_class_lead", UNSET, "the lead state last published to the class")
CLASS_LEAD_BY = _key("lab_class_lead_by", UNSET, "this session's mark on the leads it publishes")
CLASS_START = _key("lab_class_start", UNSET, "the Start a class button")
CLASS_END = _key("lab_class_end", UNSET, "the End the class button")
CLASS_SAID = _key("lab_class_said", UNSET, "why the class ended, said once on the next run")
CLASS_STAGE = _key(
    "lab_class_stage",
    UNSET,
    "the lecturer's stage on this run: (page prefix, run, dataset), for the class's questions",
)
CLASS_KIND = _key("lab_class_kind", UNSET, "the kind of question to ask the class (a select box)")
SCENE_QUESTION = _key(
    "lab_scene_question",
    UNSET,
    "the lecturer's own scene open now that carries a question: (its page's path, "
    "ui.server.lectures.Question, the opening it came with: ui.parts.scenes.OPENINGS)",
)
CLASS_KIND_OPENING = _key(
    "lab_class_kind_opening", UNSET, "the opening whose question the class's box last chose"
)
CLASS_ASK = _key("lab_class_ask", UNSET, "the Ask the class button (key Q)")
CLASS_REVEAL = _key("lab_class_reveal", UNSET, "the Reveal button of the open question")
CLASS_QUESTION = _key(
    "lab_class_question", UNSET, "the question open in the class: (id, ui.room.questions.Asked)"
)
CLASS_REVEALED = _key(
    "lab_class_revealed", UNSET, "the question last revealed: (id, Asked, answers per choice)"
)
CLASS_HISTOGRAM = _key("lab_class_histogram_", UNSET, "+ id: the answers to a question revealed")
CLASS_PER_STUDENT = _key("lab_class_per_student", UNSET, "points each student may place")
CLASS_COLLECT = _key("lab_class_collect", UNSET, "the Collect points button")
CLASS_STOP = _key("lab_class_stop", UNSET, "the Stop collecting button")
CLASS_USE_POINTS = _key("lab_class_use_points", UNSET, "the Use the class's points button")
CLASS_POINTS_CHART = _key("lab_class_points_chart", UNSET, "the class's points as they arrive")
CLASS_REMOVE_WHICH = _key("lab_class_remove_which", UNSET, "the class's point to remove")
CLASS_REMOVE = _key("lab_class_remove", UNSET, "the Remove button of the class's point")
CLASS_ADVERSARY = _key(
    "lab_class_adversary",
    UNSET,
    "the class's adversary round on /online: {seen: last point id read, played: [(by, x1, x2, "
    "label)], margin: points too close to u, right: points w already gets right}",
)
CLASS_ADVERSARY_START = _key("lab_class_adversary_start", UNSET, "the Adversary round button")
CLASS_ADVERSARY_STOP = _key("lab_class_adversary_stop", UNSET, "the End the round button")
CLASS_POLL = _key("lab_class_poll", UNSET, "the box of the class's questions")
CLASS_RESULTS = _key("lab_class_results", UNSET, "the download of the questions and answers")
# The lecturer's seats panel (ui/room/seats_panel.py).
CLASS_SEAT_WHICH = _key("lab_class_seat_which", UNSET, "the seat the lecturer may remove")
CLASS_SEAT_REMOVE = _key("lab_class_seat_remove", UNSET, "the Remove seat button")
CLASS_JOINS_CLOSED = _key("lab_class_joins_closed", UNSET, "the Closed to new joins toggle")
CLASS_CLEAR_POINTS = _key("lab_class_clear_points", UNSET, "the Clear the points button")
CLASS_COUNT_HELD = _key("lab_class_count_held", UNSET, "the Count them button of held seats")
CLASS_REMOVE_HELD = _key("lab_class_remove_held", UNSET, "the Remove them button of held seats")
CLASS_SEATS_SAID = _key("lab_class_seats_said", UNSET, "what the seats panel did, said once")
# The lecturer's hold on a class beyond one session and through a failing store
# (ui.room.lecturer).
CLASS_KEEPER = _key("lab_class_keeper", UNSET, "the component keeping the class in the browser")
CLASS_LEADER = _key("lab_class_leader", UNSET, "the component posting the lecturer's steps")
CLASS_KEPT = _key(
    "lab_class_kept", UNSET, "the class the browser keeps, to resume: (code, secret, age in s)"
)
CLASS_FORGET = _key("lab_class_forget", UNSET, "the code of a class the browser is to forget")
CLASS_LOST = _key("lab_class_lost", UNSET, "a class the store lost (its code), said till a new one")
CLASS_DOWN = _key("lab_class_down", UNSET, "True while the class's store cannot be reached")
CLASS_NEW = _key("lab_class_new", UNSET, "the Start a new class button of a lost class")
CLASS_TAKEOVER_TYPED = _key("lab_class_takeover_typed", UNSET, "the take-over code typed")
CLASS_TAKEOVER_GO = _key("lab_class_takeover_go", UNSET, "the Take over button")
CLASS_TAKEOVER_OPEN = _key("lab_class_takeover_open", UNSET, "the take-over box is open (True)")
CLASS_TAKEOVER_OPENER = _key("lab_class_takeover_opener", UNSET, "the Take over a class button")
CLASS_TAKEOVER_CANCEL = _key("lab_class_takeover_cancel", UNSET, "the take-over box's Cancel")
CLASS_TAKEOVER_SHOW = _key("lab_class_takeover_show", UNSET, "the Take-over code button")
CLASS_TAKEOVER_SHOWN = _key("lab_class_takeover_shown", UNSET, "the take-over code is shown (True)")
# The class on a projector (presenter mode): its code and QR code in a corner.
CLASS_CORNER = _key("lab_class_corner", UNSET, "the projector's corner with the class's code")
CLASS_CORNER_SMALL = _key("lab_class_corner_small", UNSET, "the corner's code, small")
CLASS_CORNER_BIG = _key("lab_class_corner_big", UNSET, "the corner's code and QR code, large")
CLASS_CORNER_LARGE = _key("lab_class_corner_large", UNSET, "the corner is large (True)")
CLASS_CORNER_SIZE = _key("lab_class_corner_size", UNSET, "the corner's Larger / Smaller button")
CLASS_ASKED = _key("lab_class_asked", UNSET, "a projector's open question, over the chart")
CLASS_HIDE = _key("lab_class_hide", UNSET, "the Hide button of the answers revealed")
JOINED = _key("lab_joined", UNSET, "the class this session follows: (code, student id, pseudonym)")
DETACHED = _key("lab_detached", UNSET, "the student explores on their own (True) or follows")
JOIN_CODE = _key("lab_join_code", UNSET, "the join page's code input")
JOIN_GO = _key("lab_join_go", UNSET, "the join page's Join button")
JOIN_TRIED = _key("lab_join_tried", UNSET, "the class code of the link this session tried to join")
JOIN_TYPED = _key("lab_join_typed", UNSET, "the code typed when Join was pressed, for its run")
DETACH = _key("lab_detach", UNSET, "the Explore on my own button")
RESYNC = _key("lab_resync", UNSET, "the Back to the lecture button")
CLASS_WHERE = _key("lab_class_where", UNSET, "a detached student's line: where the lecture is")
FOLLOWER = _key("lab_follower", UNSET, "the student's follower script's container: nothing to see")
FOLLOW_RERUN = _key("lab_follow_rerun", UNSET, "the follower's hidden button: the lecture moved")
FOLLOW_ASKED = _key("lab_follow_asked", UNSET, "the follower asked: open the lecture's step too")
FOLLOWED = _key(
    "lab_followed", UNSET, "the lead state the student's page was opened on (page, query, ...)"
)

# What app.py sets up before any page runs: {key: default}.
SET_UP = {k.name: k.default for k in DECLARED.values() if k.default is not UNSET}


def following(session) -> bool:
    """A student following a class: joined and not exploring on their own (derived from
    ``JOINED`` and ``DETACHED``, not kept)."""
    return JOINED in session and not session.get(DETACHED)
