"""Every chart of the lab, one way: layers over a scene. Pure functions (arrays in, plain
Plotly traces or a ``plotly.graph_objects.Figure`` out), no streamlit.

- ``geometry``: the view box, half-planes and lines clipped to it, where a boundary out of
  view lies, the view that follows a run's boundaries;
- ``theme``: colours, marker shapes, sizes (screen or projector), the 2-D axes, ``figure``;
- ``layers``: the ``Scene`` (points, classes, view, sizes) and the layers drawn over it
  (points, regions, a boundary, the margin band, a ring, the crosses, a decision function's
  contour), and ``compose`` to stack them;
- ``arrows``: w, or an update's vector sum w_old + eta*y*x = w_new, placed to read;
- ``playground``: the Playground chart (also /space's and /proof's): the named layers in a
  fixed order, drawn at a step (``Playground``);
- ``animation``: the whole run as a Plotly animation of the same layers (in the page and in
  the offline HTML);
- ``epochs``: the errors and J_p at each epoch's end;
- ``overlays``: what a variant (averaged, voted, pocket) predicts, over the Playground's.
"""
