"""The lab's words in English (``ui.words``): the data and scores table of every stepping
page (``ui.parts.table``)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "table.title": "Data and scores (table)",
    "table.before": "before any visit",
    "table.after": ("after {n:,} visit", "after {n:,} visits"),
    "table.updates": ("{n:,} update", "{n:,} updates"),
    "table.caption": "The data and each point's score {where} ({updates})",
    "table.wrong": (
        ": {wrong} of {n:,} row classified wrongly.",
        ": {wrong} of {n:,} rows classified wrongly.",
    ),
    "table.cut": " The first {shown} of {total} points are listed (the table's limit).",
    "table.features": " {x1} and {x2} of {d} features are listed; the score uses all of them.",
    "table.point": "point",
    "table.label": "label",
    "table.score": "{score} now",
    "table.classified": "classified",
    "table.wrongly": "wrongly (a mistake)",
    "table.correctly": "correctly",
}
