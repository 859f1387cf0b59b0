"""The pages' models: each stepping or experiment page's pure computations, figures and
words (no streamlit), e.g. ``batch_view`` for /batch."""
