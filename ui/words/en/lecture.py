"""The lab's words in English (``ui.words``): the Lecture page, its scenes (their titles,
ideas, the notes they cite and why each ends where it does), the scene bar on a scene's
page and the lecturer's own scenes (download, save on the server, open a file).

A scene's words name the weights through the notation's symbols: ``{w}``, ``{score}``
(w·x + b), ``{signed}`` (y(w·x + b)), ``{norm}`` (‖w‖), ``{x}``, ``{step}`` (y·x: the
update's step with η = 1) and ``{plus}`` (+x: its drawn part), filled in by
``ui.lecture.said``."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------- the Lecture page
    "lecture.intro": "The course, one idea per scene. A clicker's PageDown and PageUp move "
    "through the list and Open shows the scene; on its page, Next scene and Previous scene (or "
    "PageDown at the end of the run) go on. Add your own scene from any page: “Link to this "
    "moment”, then “Add to the lecture”.",
    "lecture.previous": "Previous",
    "lecture.next": "Next",
    "lecture.scene_of": "Scene **{i}** of {n}",
    "lecture.notes_opens": "Notes: {notes} · opens /{path}",
    "lecture.open_this": "Open this scene",
    "lecture.all": "All scenes",
    "lecture.open": "Open",
    "lecture.yours": "Your scenes",
    "lecture.none_yet": "None yet: on any page, step to the moment you want, open “Link to "
    "this moment” under the chart and press “Add to the lecture”. Download them as a lecture "
    "file, or save them on the course server for a link, to open them on another computer.",
    "lecture.remove": "Remove",
    # --------------------------------------------------------------- the scene bar
    "lecture.bar": "**Scene {i} of {n}:** {title}",
    "lecture.bar_previous": "◀ Previous",
    "lecture.bar_next": "Next scene ▶",
    "lecture.bar_all": "All scenes",
    "lecture.opening": "Opening the scene…",
    # ------------------------------------------------------ the lecturer's own scenes
    "lecture.download": "Download your lecture",
    "lecture.save": "Save on the course server",
    "lecture.save_help": "A link only you hold opens these scenes in any browser (another "
    "computer).",
    "lecture.saved_link": "Your lecture's link (whoever has it can open the scenes):",
    "lecture.file": "Open a lecture file",
    "lecture.file_help": "A file downloaded here: its scenes replace the ones above.",
    "lecture.opened": ("{where}: {n} scene opened.", "{where}: {n} scenes opened."),
    "lecture.too_big": "{name}: a lecture file is at most {most} KB.",
    "lecture.not_saved": "The lecture could not be saved on the server now: download it instead.",
    "lecture.link_bad": "The lecture's link: {reason}",
    "lecture.link_unreadable": "The saved lecture cannot be read just now: try again in a moment.",
    "lecture.the_saved": "The saved lecture",
    # A lecture file refused (ui.server.lectures: its English reasons, said here).
    "lecture.bad.too_big": "A lecture file is at most {kb} KB; this one is larger.",
    "lecture.bad.not_json": "This is not a lecture file (it is not JSON in UTF-8).",
    "lecture.bad.not_lab": "This is not a Perceptron Lab lecture file.",
    "lecture.bad.version": "This lecture file is of version {version}, not {current}.",
    "lecture.bad.no_scenes": "The lecture file has no scenes.",
    "lecture.bad.too_many": "A lecture has at most {most} scenes; this file has {n}.",
    "lecture.bad.not_scene": "Scene {i} is not a scene.",
    "lecture.bad.title": "Scene {i}'s title is text of 1 to {most} characters.",
    "lecture.bad.no_page": "Scene {i} opens no page of the lab.",
    "lecture.bad.link": "Scene {i}'s link is not a set of names and values.",
    "lecture.bad.link_long": "Scene {i}'s link is longer than {most} characters.",
    "lecture.bad.question": "Scene {i}'s question is not a prompt, its choices and the right one.",
    "lecture.bad.prompt": "Scene {i}'s question is text of 1 to {most} characters.",
    "lecture.bad.prompt_markup": "Scene {i}'s question holds HTML, a link or an image.",
    "lecture.bad.choices": "Scene {i}'s question has {low} to {high} choices.",
    "lecture.bad.choice": "Scene {i}'s choice {j} is text of 1 to {most} characters.",
    "lecture.bad.choice_markup": "Scene {i}'s choice {j} holds HTML, a link or an image.",
    "lecture.bad.right": "Scene {i}'s right choice is a whole number from 0 to {high}.",
    "lecture.bad.class_prompt": "To ask the class, a question is at most {most} characters.",
    "lecture.bad.class_choice": "To ask the class, choice {j} is at most {most} characters.",
    "lecture.bad.session_cap": "This browser session has saved {most} lectures on the server, "
    "the most one session keeps: download this one instead.",
    "lecture.bad.address_cap": "{most} lectures were saved from this network today, the most "
    "the server keeps from one: download this one instead.",
    "lecture.bad.save_big": "A lecture is at most {kb} KB.",
    "lecture.bad.not_link": "This is not a link to a saved lecture.",
    "lecture.bad.no_such": "No saved lecture has this link (it may have been cleared).",
    # ------------------------------------------------------------------ the scenes
    "lecture.shown_at_end": "It opens at the run's end: the idea is on screen as it opens.",
    "lecture.sum.title": "An update is a vector sum",
    "lecture.sum.idea": "Visit 3 of 002's Example 1: (1, 2) is a mistake, and {w}_new = "
    "{w}_old + {step} is drawn tip to tail; the boundary turns to put the point on its side.",
    "lecture.sum.notes": "003 (the geometric picture), 000",
    "lecture.sum.until": "Visit 5: (1, 1) is a mistake again and the sum is drawn once more, "
    "with the other sign ({plus}): two updates show the rule.",
    "lecture.corrected.title": "002's Example 1, corrected",
    "lecture.corrected.idea": "The notes call (1, 2) correctly classified and stop after one "
    "pass. It is a mistake ({signed} = -4): the first epoch ends without a clean pass (ERRATA).",
    "lecture.corrected.notes": "002 section 10.1, ERRATA",
    "lecture.corrected.until": "Epoch 2 makes its mistakes again (visits 5 and 7): no clean "
    "pass comes.",
    "lecture.tie.title": "A tie at zero is a mistake",
    "lecture.tie.idea": "XOR, visit 4: {score} = 0 exactly at (1, 0). The rule updates on "
    "≤ 0, so the tie is a mistake (the notes' text says otherwise: ERRATA).",
    "lecture.tie.notes": "000 (a tie is a mistake), 002 section 10.2, ERRATA",
    "lecture.tie.until": "It opens on the tie (visit 4) and its update: nothing more to show.",
    "lecture.xor.title": "XOR never converges",
    "lecture.xor.idea": "No line separates XOR: the run stops at its maximum number of epochs, "
    "never a clean pass, and Theorem 2 bounds the mistakes instead of Theorem 1.",
    "lecture.xor.notes": "002 section 10.2, 001 Theorem 2",
    "lecture.wide.title": "A wide margin: few mistakes",
    "lecture.wide.idea": "Separable data with margin 0.3: the run converges after a handful of "
    "updates, far below R²/γ*².",
    "lecture.wide.notes": "001 Theorem 1, 002 (margin and the 1/γ² rate)",
    "lecture.thin.title": "A thin margin: the bound grows as 1/γ²",
    "lecture.thin.idea": "The same data with margin 0.02: many more updates, and the bound "
    "R²/γ*² grows with 1/γ*² (the mistakes stay under it).",
    "lecture.thin.notes": "001 Theorem 1, 002",
    "lecture.order.title": "Order matters: a shuffled order",
    "lecture.order.idea": "The notes' 85 separable points in a new random order each epoch: "
    "compare the epochs to converge with the fixed order (change the order seed).",
    "lecture.order.notes": "002 section 6.1, 003 (random is better)",
    "lecture.noisy.title": "Pocket, averaged and voted on noisy data",
    "lecture.noisy.idea": "Noisy data never converges: the last {w} jumps around, while pocket, "
    "the average and the vote are steadier. Accuracy per epoch on dev marks where to stop "
    "early.",
    "lecture.noisy.notes": "002 (pocket), 003 (voted, averaged, early stopping), 000",
    "lecture.kernel.title": "The kernel perceptron separates XOR",
    "lecture.kernel.idea": "The dual form with K(a, b) = (1 + a·b)²: the decision function "
    "bends around the four clusters and the run converges; each point's size is its α_i.",
    "lecture.kernel.notes": "001 (kernel perceptron), 002",
    "lecture.proof.title": "The proof, live: the squeeze",
    "lecture.proof.idea": "Step through a run: {w}·u* climbs at least γ* per mistake while "
    "{norm} grows at most R·√M; the two curves meet at M = R²/γ*², so the mistakes cannot go "
    "past it.",
    "lecture.proof.notes": "001 Theorem 1 and its proof, 004 (from any start)",
    "lecture.orders.title": "Random orders, and the worst order",
    "lecture.orders.idea": "The notes' 85 points in many random orders: a histogram of epochs "
    "and mistakes, and an adversarial order against the bound: it holds for any order; random "
    "is usually better.",
    "lecture.orders.notes": "002 section 6.1, 001 Theorem 1",
    "lecture.game.title": "The mistake-bound game",
    "lecture.game.idea": "You are the teacher: place a point, the perceptron predicts first, "
    "then learns. Press Adversary: every point it plays is a mistake, and still M ≤ R²/γ².",
    "lecture.game.notes": "001 (the online setting, Theorem 1)",
    "lecture.space.title": "The augmented space and weight space",
    "lecture.space.idea": "The points lifted to (1, {x}1, {x}2): {w} is a vector through the "
    "origin and the boundary is its plane; in weight space the run walks into the feasible "
    "cone.",
    "lecture.space.notes": "000 (augmented space), 004 (the sign flip), 001 (the cone LP)",
    "lecture.batch.title": "Batch gradient descent on J_p",
    "lecture.batch.idea": "One step per epoch on the sum of the epoch's mistakes, against the "
    "single-sample rule on the same data; and from {w} = 0 the learning rate changes no "
    "prediction.",
    "lecture.batch.notes": "004 (J_p, batch vs single-sample), 002 section 11.3",
    "lecture.least_squares.title": "Least squares and a far point",
    "lecture.least_squares.idea": "A line separates these points and the perceptron finds "
    "one; least squares (004's other criterion) pays for three points far out on their own "
    "side, tilts, and leaves training errors.",
    "lecture.least_squares.notes": "004 (the non-separable case: least squares, other criteria)",
}
