"""The lab's words in English (``ui.words``): the lecturer's hold on a class
(``ui.room.lecturer``): taking a class over from another browser, the class's store
unreachable, a class the store lost."""

WORDS: dict[str, str | tuple[str, str]] = {
    "class.takeover": "Take over a class",
    "class.takeover_code": "Take-over code",
    "class.takeover_help": "The code shown under Take-over code on the computer that runs "
    "the class: this browser then leads it.",
    "class.takeover_go": "Take over",
    "class.takeover_bad": "That take-over code does not lead a class that is on. Check it on "
    "the computer that runs the class.",
    "class.takeover_show": "Take-over code",
    "class.takeover_show_help": "To lead this class from another computer (if this one "
    "fails): type the code there under Take over a class.",
    "class.takeover_said": "Anyone with this code can lead the class: do not show it to the "
    "room. Type it on the other computer under Take over a class.",
    "class.takeover_hide": "Hide the take-over code",
    "class.unreachable": "The class server cannot be reached just now. The class is kept; "
    "this page tries again by itself.",
    "class.lost": "The class server lost class {code}: its students no longer follow it. "
    "Start a new class and show its code.",
    "class.new": "Start a new class",
    "class.larger": "Larger",
    "class.smaller": "Smaller",
    "class.hide": "Hide the answers",
    "class.takeover_cancel": "Cancel",
}
