"""The lab's words in English (``ui.words``): a class (the lecturer's panel: its code, link
and QR code; the questions, Ask the class and Reveal; Collect points), the Join page, a
student's banner and the follower's panels on the student's device (``class.js.*``, handed
to ``ui/stage/follow.js``), and the class's refusals as the lab says them.

A question's words (``class.q.*``) are said on each device from the ids and numbers the
class's store holds (``ui.parts.class_words``): the lecturer's and every student's page in its
own language. The class's start button is ``class.start`` (``data.py``)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ---------------------------------------------------------- the lecturer's panel
    "class.ended": "The class has ended.",
    "class.box": "Class {code}",
    "class.scan": "Scan to follow the lecture",
    "class.join_code": "Join code",
    "class.join_link": "Join link",
    "class.end": "End the class",
    # ------------------------------------------------------------------ questions
    "class.kind.next_mistake": "Which point is the next mistake?",
    "class.kind.fixes_point": "Will the next update fix its point?",
    "class.kind.turn": "Which way does {w} turn?",
    "class.kind.converge": "Will the run ever converge?",
    "class.kind.fewer_mistakes": "Fewer mistakes in the next epoch?",
    "class.kind.lecturer": "The lecturer's question",
    "class.no_answer.next_mistake": "No update comes after this step (or this variant updates "
    "otherwise): no next mistake to ask about.",
    "class.no_answer.fixes_point": "No update comes after this step: nothing to ask about.",
    "class.no_answer.turn": "Which way {w} turns is asked with 2 features, {w} not 0 and an "
    "update to come.",
    "class.no_answer.converge": "Convergence is asked on a variant that updates on each "
    "mistake, with the data's verdict known (not on data too large to decide live).",
    "class.no_answer.fewer_mistakes": "The run has no next epoch after this one.",
    "class.no_answer.lecturer": "Only a scene of your own that carries a question (from a "
    "lecture file) asks the lecturer's question; this page is not one.",
    "class.lecturer_coded": "This question's text reads as one of the lab's own coded "
    "questions (a JSON list): reword it in the lecture file.",
    "class.no_answer": "That question has no answer at this step.",
    "class.question_for": "**Question for the class**",
    "class.answered": "Answered",
    "class.reveal": "Reveal",
    "class.right_answer": "Right answer: {choice} (computed from the run at step {at}). "
    "{n} answered.",
    "class.right_answer.lecturer": "Right answer: {choice} (the lecturer's). {n} answered.",
    "class.ask_elsewhere": "Questions for the class are asked on a page that steps a run.",
    "class.question": "Question",
    "class.ask": "Ask the class",
    "class.ask_help": "Students answer on their devices before you step; Reveal shows the answers.",
    "class.results": "Questions and answers (CSV)",
    # The questions themselves (ui.room.questions computes them, ui.parts.class_words says them).
    "class.q.next_mistake": "Which of the marked points is the perceptron's next mistake (its "
    "next update)?",
    "class.q.choice": "{letter}: example {i} ({coords}), label {y}",
    "class.q.fixes_point": "The next update is made on example {i} ({coords}), label {y}. Will "
    "that one update classify it correctly?",
    "class.q.fixes_yes": "Yes: it is right afterwards",
    "class.q.fixes_no": "No: it is still a mistake afterwards",
    "class.q.turn": "After the next update, which way does the weight vector {w} turn?",
    "class.q.anticlockwise": "Anticlockwise",
    "class.q.clockwise": "Clockwise",
    "class.q.neither": "Neither: it keeps its direction",
    "class.q.converge": "Run for as long as it takes, will the perceptron stop making mistakes "
    "on this data?",
    "class.q.converge_yes": "Yes: it converges",
    "class.q.converge_no": "No: it never stops making mistakes",
    "class.q.fewer_mistakes": (
        "Epoch {this} makes {now} mistake. Will epoch {next} make fewer?",
        "Epoch {this} makes {now} mistakes. Will epoch {next} make fewer?",
    ),
    "class.q.fewer": "Fewer",
    "class.q.as_many": "As many",
    "class.q.more": "More",
    # ------------------------------------------------------------- Collect points
    "class.no_points": "No points yet: nothing to use.",
    "class.still_collecting": "Still collecting points for the Playground: {n} so far.",
    "class.stop": "Stop collecting",
    "class.per_student": "Points per student",
    "class.collect": "Collect points",
    "class.collect_help": "Each student taps their chart to place labelled points; they "
    "appear here.",
    "class.use": ("Use the class's {n:,} point", "Use the class's {n:,} points"),
    "class.collecting": (
        "Collecting: {count} point so far, at most {per} per student.",
        "Collecting: {count} points so far, at most {per} per student.",
    ),
    "class.point": "#{id} ({x1}, {x2}) {label} by {by}",
    "class.a_point": "A point",
    "class.remove": "Remove",
    # --------------------------------------------------- the Join page, a student's page
    "class.type_code": "Type the code shown on the projector (6 letters and digits).",
    "class.join": "Join",
    "class.joined_waiting": "Joined class {code}: waiting for the lecturer's page.",
    "class.exploring": "Exploring on your own (class {code}).",
    "class.back": "Back to the lecture",
    "class.following": "Following the lecture (code {code}) as {name}.",
    "class.explore": "Explore on my own",
    "class.follow": "Follow",
    "class.lecture_on": "The lecture is on /{page}.",
    "class.lecture_on_step": "The lecture is on /{page}, step {step}.",
    # ------------------------------------- the follower's panels on a student's device
    "class.js.question": "The class's question",
    "class.js.answers": ("{count} answer", "{count} answers"),
    "class.js.yours": "(yours)",
    "class.js.taken": "Answer taken: you can change it until the lecturer reveals the answers.",
    "class.js.before": "Answer before the lecturer steps.",
    "class.js.marked": "The right answer is marked ✓.",
    "class.js.hide": "Hide",
    "class.js.place": "Place points for the class",
    "class.js.adversary": "Adversary round: tap a point the perceptron gets wrong, at least γ "
    "from the target u ({placed} of {per} tried).",
    "class.js.tap": "Tap the chart to place a point: {placed} of {per} placed.",
    "class.js.no_connection": "No connection: {what} was not sent.",
    "class.js.your_answer": "your answer",
    "class.js.your_point": "your point",
    "class.js.answer_not_taken": "Your answer was not taken.",
    "class.js.point_not_taken": "Your point was not taken.",
    "class.js.inside": "Tap inside the chart's box.",
    "class.js.silent": "No news from the class for a while: reconnecting…",
    "class.js.unreachable": "The class cannot be reached. Check your Wi-Fi, then reload this "
    "page (the class's code is {code}).",
    "class.js.replaced": "This class is open in another tab of yours: this one stopped following.",
    "class.link_ignored": "This link's class {code} was not joined: {reason}",
    "class.js.placed_one": "You have placed your {value} point.",
    # ------------------------------- the lecturer's seats panel (ui/room/seats_panel.py)
    "class.seats.title": "Seats: {n}",
    "class.seats.none": "No student has joined yet.",
    "class.seats.name": "Pseudonym",
    "class.seats.answers": "Answers",
    "class.seats.points": "Points",
    "class.seats.which": "Seat to remove",
    "class.seats.remove": "Remove seat",
    "class.seats.remove_help": "Its answers leave the counts, its points go, its page stops "
    "following.",
    "class.seats.removed": "{name} was removed with {answers} answers and {points} points.",
    "class.seats.closed": "Closed to new joins",
    "class.seats.closed_help": "Once the room is in: nobody else can take a seat.",
    "class.seats.clear": "Clear the points",
    "class.seats.cleared": "Points removed: {n}.",
    "class.seats.refused": "Refused in the last minute: {n}.",
    "class.seats.burst": "A burst: {what} arrived faster than people tap. Close the class to "
    "new joins and remove the seats you do not know.",
    "class.seats.held": "{n} seats joined in a burst from one address: their answers are not "
    "counted.",
    "class.seats.held_help": "Joins from one address faster than people do hold the seats: "
    "a script's. A whole room behind one Wi-Fi may also be held: count them if they are your "
    "students.",
    "class.seats.count_held": "Count them",
    "class.seats.remove_held": "Remove them",
    "class.seats.counted_held": "Seats counted: {n}. Their answers to the open question count.",
    "class.seats.removed_held": "Seats removed with everything they sent: {n}.",
    "class.seats.kind.joins": "seats joining",
    "class.seats.kind.answers": "answers",
    "class.seats.kind.points": "points",
    "class.seats.kind.streams": "reconnections",
    # ------------------------------- the class's refusals (ui.room.rules), as said here
    "class.refused.unknown": "No class has this code. Check the code on the projector.",
    "class.refused.ended": "This class has ended.",
    "class.refused.not_lecturer": "Only the lecturer can do this.",
    "class.refused.not_joined": "Join the class first.",
    "class.refused.guesses": "Too many wrong codes from this address: wait a few minutes.",
    "class.refused.joins": "Too many joins from this address: wait a minute.",
    "class.refused.answers_rate": "Too many answers at once: wait a second.",
    "class.refused.points_rate": "Too many points at once: wait a second.",
    "class.refused.followers": "This class has too many open views.",
    "class.refused.full": "This class is full.",
    "class.refused.open": "Reveal question {value} first.",
    "class.refused.questions_full": "This class has asked as many questions as it may.",
    "class.refused.not_open": "That question is not open.",
    "class.refused.closed": "Answers to this question are closed.",
    "class.refused.not_collecting": "The lecturer is not collecting points now.",
    "class.refused.box": "The point must lie in the box.",
    "class.refused.student_cap": "You have placed your {value} points.",
    "class.refused.class_cap": "The class has all the points it may hold.",
    "class.refused.no_point": "There is no such point.",
    "class.refused.bad_code": "A join code is {value} letters and digits, as shown on the "
    "projector.",
    "class.refused.lost": "This class was lost when the class server restarted: ask the "
    "lecturer for the new code.",
    "class.refused.removed": "The lecturer removed you from this class.",
    "class.refused.no_seat": "There is no such seat.",
    "class.refused.joins_closed": "The lecturer has closed this class to new students.",
    "class.refused.joins_burst": "Too many joins from this address at once: wait a second.",
    "class.refused.streams_rate": "Too many reconnections from this browser: wait a minute.",
    "class.refused.held": "Your seat waits for the lecturer: it joined in a burst, and its "
    "points are placed once the lecturer counts it.",
    "class.refused.unavailable": "The class server cannot be reached just now: try again in a "
    "moment.",
}
