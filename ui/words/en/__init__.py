"""The lab's words in English, by message id (``ui.words``): one module per area, merged."""

import sys

from ui.words.catalogue import merged

WORDS = merged(sys.modules[__name__])
