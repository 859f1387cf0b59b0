// The lecturer's Leader (ui/room/leading.mjs): the stage's frames drawn become posts of the
// lead state to the class's route, newest first, one at a time, only for the run the
// server last published and only for moves newer than it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Leader, RETRY_MS } from "../../ui/room/leading.mjs";

function harness() {
  const posts = [];
  const pending = [];
  const io = {
    post: (url, body) =>
      new Promise((resolve) => {
        posts.push({ url, body });
        pending.push(resolve);
      }),
    setTimeout: (fn) => fn(),
  };
  return { leader: new Leader(io), posts, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const LEAD = { page: "playground", query: "pg_n=20", scene: null, step: "pg_step", run: "r1" };

test("a frame drawn past the server's lead is posted with the class's secret", async () => {
  const { leader, posts } = harness();
  leader.take({ code: "ABC234", secret: "s3cret", lead: { ...LEAD, cursor: 2, seq: 3 } });
  assert.equal(leader.drawn({ run: "r1", cursor: 3, seq: 4 }), true);
  await flush();
  assert.deepEqual(posts, [
    {
      url: "/class/ABC234/lead",
      body: { secret: "s3cret", lead: { ...LEAD, cursor: 3, seq: 4 } },
    },
  ]);
});

test("the server's own step, another run or no class posts nothing", async () => {
  const { leader, posts } = harness();
  assert.equal(leader.drawn({ run: "r1", cursor: 3, seq: 4 }), false); // no class yet
  leader.take({ code: "ABC234", secret: "s", lead: { ...LEAD, cursor: 2, seq: 3 } });
  assert.equal(leader.drawn({ run: "r1", cursor: 2, seq: 3 }), false); // its own step
  assert.equal(leader.drawn({ run: "r2", cursor: 5, seq: 9 }), false); // a run not published
  assert.equal(leader.drawn({ run: "r1", cursor: 5 }), false); // malformed
  leader.take(null); // the class ended
  assert.equal(leader.drawn({ run: "r1", cursor: 6, seq: 10 }), false);
  await flush();
  assert.equal(posts.length, 0);
});

test("quick presses: one post in flight, then the newest only", async () => {
  const { leader, posts, pending } = harness();
  leader.take({ code: "ABC234", secret: "s", lead: { ...LEAD, cursor: 0, seq: 0 } });
  for (let k = 1; k <= 4; k += 1) leader.drawn({ run: "r1", cursor: k, seq: k });
  leader.drawn({ run: "r1", cursor: 4, seq: 4 }); // the same frame drawn again
  await flush();
  assert.deepEqual(
    posts.map((p) => p.body.lead.cursor),
    [1],
  );
  pending[0]();
  await flush();
  assert.deepEqual(
    posts.map((p) => p.body.lead.cursor),
    [1, 4],
  );
  pending[1]();
  await flush();
  assert.equal(posts.length, 2);
});

test("a lost post is tried once more, unless a newer step waits", async () => {
  const posts = [];
  const timers = [];
  const io = {
    post: (_url, body) => {
      posts.push(body.lead.cursor);
      return Promise.reject(new Error("offline"));
    },
    setTimeout: (fn, ms) => timers.push([fn, ms]),
  };
  const leader = new Leader(io);
  leader.take({ code: "ABC234", secret: "s", lead: { ...LEAD, cursor: 0, seq: 0 } });
  leader.drawn({ run: "r1", cursor: 1, seq: 1 });
  await flush();
  assert.deepEqual(posts, [1]);
  assert.equal(timers.length, 1);
  assert.equal(timers[0][1], RETRY_MS);
  timers[0][0](); // the retry: lost again, and not tried a third time
  await flush();
  await flush();
  assert.deepEqual(posts, [1, 1]);
  assert.equal(timers.length, 1);
  // A newer step waiting when a post is lost: the newer one goes, not the retry.
  leader.drawn({ run: "r1", cursor: 2, seq: 2 });
  leader.drawn({ run: "r1", cursor: 3, seq: 3 });
  await flush();
  await flush();
  assert.deepEqual(posts.slice(2, 4), [2, 3]);
});
