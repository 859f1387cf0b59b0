"""The parts every page is built from, over the stage (``ui.stage``): each draws one group
of widgets under the page's own key prefix (a ``ui.state.Table``) and returns typed,
immutable values. The features have packages of their own (``ui.room``, ``ui.practice``,
``ui.export``).

- ``stepping``: a stepping page's frame (open, settings, header, data; the stage);
- ``data``: the data picker (generate, the notes' examples, draw, upload) and
  preprocessing; the "keep the last good data" rule; the dataset shared by the lab;
- ``settings``: the run's settings (``Settings``);
- ``numbers``: w and b, the visit as equations, the theorems at this step;
- ``scenes``, ``moment``, ``saved``, ``lecture_file``: the lecture (its scenes, a link to
  this moment, the saved lectures, the lecture as one HTML file);
- ``embed``: the embed view of a link (the stage alone, in an iframe);
- ``style``: the page's CSS (presenter mode, the upload box).
"""
