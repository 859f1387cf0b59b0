"""The parts every page is built from: each draws one group of widgets under the page's
own key prefix (a ``ui.state.Table``) and returns typed, immutable values.

- ``data``: the data picker (generate, the notes' examples, draw, upload) and
  preprocessing; the "keep the last good data" rule; the dataset shared by the lab;
- ``settings``: the run's settings (``Settings``);
- ``controls``: Step / Visit / Back / Epoch / Run to end / Reset, Play and the scrub slider;
- ``numbers``: w and b, the visit as equations, the theorems at this step;
- ``downloads``: the dataset, the run and the animation;
- ``style``: the page's CSS (presenter mode, the upload box).
"""
