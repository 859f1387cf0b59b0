"""The limits every page keeps, in one place, each with its reason.

No request runs for more than a few seconds or holds hundreds of MB, whatever its settings,
data or link: these caps are how. A page says so when one applied. The modules that apply
a limit import it from here, most under the name they had before (``from ui.limits import
KERNEL_POINTS as MAX_POINTS``), so a test that lowers one lowers it where it is read.

What a file may hold is the loader's own (``datasets``, public there), re-exported here
so that this is the one list. Pure: no streamlit.
"""

from __future__ import annotations

import datasets
import perceptron_core as pc

# -- what a file or a generator gives a page (datasets' limits, the upload box's too) ----
MAX_FILE_BYTES = datasets.MAX_FILE_BYTES  # the upload box's limit; a .gz may unpack to this much
MAX_ROWS = datasets.MAX_ROWS  # data rows read: what one upload may cost in memory and time
MAX_COLUMNS = datasets.MAX_COLUMNS  # columns read: each one is sorted out on its own
MAX_NAME_CHARS = datasets.MAX_NAME_CHARS  # longer names are refused, not cut (no collisions)
MAX_CLASSES = datasets.MAX_CLASSES  # more distinct values is a feature, not a label
MAX_ABS_VALUE = datasets.MAX_ABS_VALUE  # beyond it the updates and R² overflow float64
MAX_GENERATED_N = datasets.MAX_GENERATED_N  # the generators' largest n (the n slider)

# -- a run (ui.compute: every stepping page) ---------------------------------------------
MAX_UPDATES = 1_000_000  # a run stops here (memory: the trajectory is 24 bytes per update)
# Kernel values a kernel run may compute (n² per epoch): its epochs are capped so a run and
# its per-epoch errors take about a second at most.
KERNEL_WORK = 100_000_000
# Visits a batch run may make (an epoch is n visits whatever its mistakes, and the batch
# "updates" are epochs, so MAX_UPDATES does not bound it). The run records every mistake
# (up to this many, 8 bytes each in its index), and its statistics cost as many visits.
BATCH_WORK = 2_000_000
# The cone LP's solver (perceptron_core.solve_cone) stops here: a perceptron cannot tell
# an infeasible system from a slow one. Each update scans the rows once.
CONE_MAX_UPDATES = 10_000

# -- the Playground and its upload -------------------------------------------------------
PLAYGROUND_POINTS = MAX_GENERATED_N  # the Playground draws at most this many points
PLAYGROUND_DRAWN = PLAYGROUND_POINTS  # points a two-feature chart draws; more are sampled
HINGE_MAX_POINTS = PLAYGROUND_POINTS  # Theorem 2 is computed live up to this size
MAX_TRAINED = MAX_ROWS  # rows the Playground trains on (every row an upload may have)
# Each rerun hashes the data for the caches and a step's frame scores every point: at most
# this many values (rows x features, 32 MB) are trained on.
MAX_TRAIN_VALUES = 4_000_000
# The exact verdict, gamma* and u* (two least-distance programs over n x (d+1) values) are
# computed live up to this many values (README: the cost).
THEORY_MAX_VALUES = 2_000_000
SCORE_DRAWN = 1_000  # points the score view's frame carries (they move at every step)

# -- the other pages ----------------------------------------------------------------------
KERNEL_POINTS = 2_000  # a kernel run costs n x n kernel values; its chart, support x cells
BATCH_POINTS = PLAYGROUND_POINTS  # each comparison and the scaling table are capped runs
BATCH_UPDATES = (
    pc.batch.MAX_UPDATES
)  # a run stops here (the trajectory costs 8*(d+1) bytes per update)
BATCH_ETA_VISITS = pc.batch.MAX_VISITS  # visits compared per eta (the learning-rate experiment)
VARIANTS_POINTS = 2_000  # the voted perceptron's regions cost (its vectors) x (grid cells)
VARIANTS_UPDATES = 50_000  # the variants' run stops here: every update is one more voter
VARIANTS_EPOCHS_SHOWN = (
    pc.variants.MAX_EPOCHS_SHOWN
)  # accuracy is computed at most at this many epoch ends
# The voted perceptron's accuracy costs (its vectors) x (points of all sets) activations;
# above this the points are subsampled (and a note says so).
VOTE_ACCURACY_WORK = pc.variants.MAX_VOTE_WORK
# Sign evaluations a voted overlay may cost per step (its vectors x (grid cells + points));
# beyond that the page says so instead of drawing the vote.
VOTE_WORK = 30_000_000
# Training-error evaluations the pocket may cost (every weight vector of the run against
# every point, once per run): about a second at this size.
POCKET_WORK = 100_000_000
# Rows of the Data and scores table (ui.stage.table): a screen reader's user reads it row by
# row, and it is rebuilt at every step the server draws; past this the table says so.
TABLE_ROWS = 200
SPACE_POINTS = 2_000  # /space draws 3-D markers and one line each in weight space
SPACE_LINES = 200  # examples' lines drawn in the weight-space slice (all of them are counted)
SPACE_PATH = 400  # trajectory points drawn (the latest)
CONE_ROWS = 50  # rows of a typed cone LP
CONE_COLUMNS = 10  # columns of a typed cone LP
CONE_ENTRY = 1e6  # largest magnitude of a typed entry
EXPERIMENTS_POINTS = 2_000  # the ordering experiment's data
EXPERIMENTS_EPOCHS = 1_000  # a generated run not clean by then stops (the page says how many)
MARGIN_WORK = 500_000  # points summed over the margin experiment's datasets
DIMENSION_WORK = 1_000_000  # point coordinates summed over the dimension experiment's
MOST_COORDINATES = 20_000  # n x d of one dataset in the dimension experiment
ORDER_WORK = 20_000_000  # example visits over all the orders of the picked data
ADVERSARIAL_WORK = 20_000_000  # examples scored by the worst-first order (n per update)

# -- links, text, downloads, scenes, the online game -------------------------------------
MAX_EPOCHS_LIMIT = 10_000  # the Max epochs box's top (a link's value is checked against it)
MAX_URL_POINTS = 500  # drawn points kept in a link (a few hundred, as the issue asks)
# The longest query string a page reads (characters, as the browser sends it: percent-encoded).
# A longer link is refused with a page that says so (ui/stage/link.py); nginx passes up to
# 32 KB to the app and answers longer ones with its own page (deploy/nginx.conf.template).
MAX_LINK = 16_384
# A hand-made link's repeated or unknown parameters are named one by one up to this many
# (ui/state/links.py): a link with hundreds of them gets a warning, not a wall.
LINK_PROBLEMS_SAID = 5
MAX_DIGITS = 400  # a whole number in a link written with more digits is "too large", unread
CONE_ROWS_CHARS = 1_000  # typed cone-LP rows: even in the widest encoding, a link keeps them
NAME_LIMIT = 40  # class and feature names in charts, captions and tables are cut here
VALUE_LIMIT = 60  # a value echoed from a link or a file is cut here
# Steps one export (GIF, video) holds: each is a picture the browser draws and encodes, and
# frames beyond the stage's window are asked of the server in rounds; a longer range is cut
# here and the Export panel says so before it starts (ui/export/browser/range.mjs).
EXPORT_MAX_STEPS = 500
# Frames the browser asks of the server in one round of an export (each round is one
# rerun of the stage, built within the frames' time budget: ui.stage.frames.frames_for).
EXPORT_ROUND_STEPS = 100
# And built within this long (a Step's own frames get 0.25 s: a lecturer waits on those; an
# export's round is one rerun of its own, and fewer rounds cost fewer reruns).
EXPORT_ROUND_BUDGET_S = 1.0
MAX_RUN_ROWS = 200_000  # the run CSV and the proof's table (~14 MB of CSV); longer runs are cut
SCENES_KEPT = 40  # the lecturer's own scenes a session keeps (a link is at most about 3 KB)
SCENE_TITLE_CHARS = 120  # a scene's title
# The lecturer's own question of a scene (a lecture file): a paragraph with its formulas,
# each choice a line on a projector; the class's phones take shorter ones (CLASS_*).
QUESTION_PROMPT_CHARS = 500  # a paragraph with its formulas
QUESTION_CHOICE_CHARS = 120  # a line on a projector
QUESTION_CHOICES_MOST = 6  # as a class's question, lettered A-F
ONLINE_ARRIVALS = MAX_URL_POINTS  # the online game's points: the game is one link
ONLINE_UNDO = 200  # moves the online game can undo
ADVERSARY_BUDGET_S = 2.0  # the adversary's "to the end" stops here and says so (press again)
# Inputs a session remembers as having raised while drawn (ui.server.guard): the page refuses them
# and keeps the previous data, instead of raising again at every rerun.
BAD_INPUTS_KEPT = 64


# -- the stage's reports (ui/stage/frames.py: the frames the browser says it holds) ---------
MAX_HELD_FRAMES = 2_000  # cursors a report may name (a follower's window holds a few hundred)
MAX_FRAMES_BASE = 64  # characters of the base a report names (the server's digest is 32)

# -- the class in the room (ui/room: its routes and its store) ------------------------------
CLASS_BODY_LIMIT = 2048  # bytes of a student's request: the largest, a point, is about 120
# Bytes of the lecturer's move: its lead state (ui.room.rules.LEAD_BYTES) and the secret.
CLASS_LEAD_BODY_LIMIT = 32_768
CLASS_TYPED_CODE_LIMIT = 32  # characters of a typed join code: longer is refused unread
# Open event streams (a student's tab following a class) one process holds: from one address
# (a lecture hall often reaches the server through one NAT address: room for all of it), and
# in all (each is a small queue and a connection: a flood from many addresses stops here).
CLASS_STREAMS_PER_ADDRESS = 600  # a hall of students behind one NAT address
CLASS_STREAMS_MAX = 4000  # a flood from many addresses stops here (a stream: a queue, a socket)
CLASS_PROMPT_LIMIT = 300  # characters of a question's prompt, shown on every phone
CLASS_CHOICE_LIMIT = 80  # characters of an answer's label, a big button on a phone
CLASS_COORD_LIMIT = 1e6  # the widest box the lecturer may set for the points collected

# -- /practice ------------------------------------------------------------------------------
# A seed a student can read out (nine digits); a class of 200 with fresh seeds shares one
# with odds of about 1 in 50,000.
PRACTICE_SEED_MAX = 999_999_999
PRACTICE_ANSWER_CHARS = pc.practice.MAX_ANSWER_CHARS  # a longer answer is refused, not read
PRACTICE_CODE_CHARS = 100  # a completion code is about 50 characters; longer is not one
PRACTICE_EXERCISES = 256  # exercises kept made in a process (each a few kB; made in ms)
PRACTICE_RECORDS = 10  # exercises a session keeps its answers for (its levels and seeds)
# Exercises whose attempts the server counts (a row each, ~50 bytes; a seed typed by
# anyone makes one): the oldest beyond this are forgotten, and their next start is a 1.
PRACTICE_ATTEMPTS_KEPT = 200_000
# A lecturer's check of many completion codes at once (ui/practice/completion.py): a large
# course's worth, and the pasted text or uploaded file that holds them, at most.
CODES_CHECKED_MOST = 2_000
CODES_CHECKED_BYTES = CODES_CHECKED_MOST * 64  # 64 characters a line: a code and some room


def order_caps(n: int, orderings: int) -> tuple[int, int]:
    """The Experiments page's caps for its orders of n points: the epochs of each order
    (all the orders within ``ORDER_WORK`` visits) and the worst-first order's updates
    (within ``ADVERSARIAL_WORK`` visits)."""
    max_epochs = int(min(EXPERIMENTS_EPOCHS, max(1, ORDER_WORK // (n * (orderings + 1)))))
    return max_epochs, int(min(100_000, max(1, ADVERSARIAL_WORK // n)))
