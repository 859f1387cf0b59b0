"""Join a class (a hidden page, /join): the code from the link (?code=...) or typed; the
lecturer's page then opens on the lecturer's link, and follows the lecture."""

from ui.room import follow
from ui.server import guard

guard.through_the_entry_point()  # a page's link on a fresh server: run via app.py
follow.join_page()
