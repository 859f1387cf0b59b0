"""The Lua scripts by which ``RedisStore`` changes a class (no streamlit).

Each change is one script, which Redis runs whole and alone: its checks, its writes and
the ``PUBLISH`` of its event happen in one step, so replicas never interleave half-made
changes and every follower receives the events in the order of the changes. A script
returns a number or a table when it did its work, or the name of a refusal of
``rules.REFUSALS`` (``"open:3"``: a name and a value) when it changed nothing.

Keys of class ``CODE`` under the store's prefix ``P`` (``lab:room:`` by default):
``P CODE:meta`` (a hash: secret, seen, ended, version, lead, open, nextq, collecting,
bx0, bx1, by0, by1, per, nextpoint), ``:questions`` (id -> JSON), ``:answers:ID``
(student -> choice), ``:students`` (id -> pseudonym), ``:names`` (a set),
``:points`` (id -> public JSON), ``:owner`` (point id -> student), ``:mine`` (student ->
points placed), ``:held`` (the seats that joined in a burst), ``:held_answers:ID`` (held
student -> choice: kept, not counted); events on the channel ``P CODE:events``. Every key
a script writes gets the class's time to live (``ttl``), so a class its lecturer left is
forgotten even if no request ever touches it again.
"""

from __future__ import annotations

# Every script that changes a class starts here: KEYS[1] is its meta hash.
_LIVE = """
local ended = redis.call('HGET', KEYS[1], 'ended')
if not ended then return 'unknown' end
if ended ~= '' then return 'ended' end
"""
# Every event is numbered: one more than the class's last change (see rules.py).
_PUBLISH = """
local function publish(channel, kind, members)
  local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
  redis.call('PUBLISH', channel, '{"type":"' .. kind .. '","seq":' .. seq .. ',' .. members .. '}')
end
"""

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'secret', ARGV[1], 'seen', ARGV[2], 'ended', '', 'version', 0,
  'lead', '{}', 'open', '', 'nextq', 0, 'collecting', '', 'nextpoint', 0, 'seq', 0)
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""

END = (
    _PUBLISH
    + """
local ended = redis.call('HGET', KEYS[1], 'ended')
if not ended or ended ~= '' then return 0 end
redis.call('HSET', KEYS[1], 'ended', ARGV[1], 'open', '', 'collecting', '')
publish(ARGV[2], 'ended', '"reason":' .. cjson.encode(ARGV[3]))
return 1
"""
)

# ARGV: lead JSON, channel. A lead that says nothing new (the same, or an older move of
# the same run: ui.room.rules.stale_lead) keeps the version and is not published.
MOVE = (
    _LIVE
    + _PUBLISH
    + """
local old = redis.call('HGET', KEYS[1], 'lead')
if old then
  local o, n = cjson.decode(old), cjson.decode(ARGV[1])
  local function value(x)
    if type(x) == 'table' then return cjson.encode(x) end
    return x
  end
  local function within(a, b)
    for k, x in pairs(a) do
      if k ~= 'seq' and value(x) ~= value(b[k]) then return false end
    end
    return true
  end
  local same = within(o, n) and within(n, o)
  local older = o.page == n.page and o.query == n.query and o.scene == n.scene
    and o.run == n.run and o.by == n.by and type(o.seq) == 'number' and type(n.seq) == 'number'
    and n.seq < o.seq
  if same or older then return tonumber(redis.call('HGET', KEYS[1], 'version')) end
end
local v = redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('HSET', KEYS[1], 'lead', ARGV[1])
publish(ARGV[2], 'lead', '"version":' .. v .. ',"lead":' .. ARGV[1])
return v
"""
)

# KEYS: meta, questions; ARGV: the record's and the public question's JSON members
# (without braces), the cap, channel, ttl, the answers keys' prefix
ASK = (
    _LIVE
    + _PUBLISH
    + """
local open = redis.call('HGET', KEYS[1], 'open')
if open ~= '' then return 'open:' .. open end
if tonumber(redis.call('HGET', KEYS[1], 'nextq')) >= tonumber(ARGV[3]) then
  return 'questions_full'
end
local q = redis.call('HINCRBY', KEYS[1], 'nextq', 1)
redis.call('HSET', KEYS[2], q, '{"id":' .. q .. ',' .. ARGV[1] .. '}')
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('HSET', KEYS[1], 'open', q)
publish(ARGV[4], 'asked', '"question":{"id":' .. q .. ',' .. ARGV[2] .. '}')
return q
"""
)

# KEYS: meta, questions, answers; ARGV: question id, channel
REVEAL = (
    _LIVE
    + _PUBLISH
    + """
if redis.call('HGET', KEYS[1], 'open') ~= ARGV[1] then return 'not_open' end
local record = cjson.decode(redis.call('HGET', KEYS[2], ARGV[1]))
local counts = {}
for i = 1, #record.choices do counts[i] = 0 end
local given = redis.call('HVALS', KEYS[3])
for _, choice in ipairs(given) do
  local k = tonumber(choice) + 1
  counts[k] = counts[k] + 1
end
record.status = 'revealed'
record.counts = counts
redis.call('HSET', KEYS[2], ARGV[1], cjson.encode(record))
redis.call('HSET', KEYS[1], 'open', '')
publish(ARGV[2], 'revealed', '"question":' .. ARGV[1] .. ',"counts":' .. cjson.encode(counts)
  .. ',"right":' .. record.right .. ',"answered":' .. #given)
return counts
"""
)

# KEYS: meta, answers, held, held answers; ARGV: question id, student, choice, channel, ttl
ANSWER = (
    _LIVE
    + _PUBLISH
    + """
if redis.call('HGET', KEYS[1], 'open') ~= ARGV[1] then return 'closed' end
if redis.call('SISMEMBER', KEYS[3], ARGV[2]) == 1 then
  -- A held seat's answer is kept, not counted: nothing to tell.
  redis.call('HSET', KEYS[4], ARGV[2], ARGV[3])
  redis.call('EXPIRE', KEYS[4], ARGV[5])
  return redis.call('HLEN', KEYS[2])
end
local added = redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[5])
local n = redis.call('HLEN', KEYS[2])
-- A changed answer changes no count: nothing to tell.
if added == 1 then publish(ARGV[4], 'answers', '"question":' .. ARGV[1] .. ',"answered":' .. n) end
return n
"""
)

# KEYS: meta, students, names, held; ARGV: student, pseudonym, cap, channel, ttl, held ('1')
JOIN = (
    _LIVE
    + _PUBLISH
    + """
if redis.call('HGET', KEYS[1], 'closed') == '1' then return 'joins_closed' end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[3]) then return 'full' end
if redis.call('SADD', KEYS[3], ARGV[2]) == 0 then return 'taken' end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('EXPIRE', KEYS[3], ARGV[5])
if ARGV[6] == '1' then
  redis.call('SADD', KEYS[4], ARGV[1])
  redis.call('EXPIRE', KEYS[4], ARGV[5])
end
local n = redis.call('HLEN', KEYS[2])
publish(ARGV[4], 'students', '"students":' .. n)
return n
"""
)

# KEYS: meta; ARGV: the public JSON or '', x_min, x_max, y_min, y_max, per student, channel
COLLECT = (
    _LIVE
    + _PUBLISH
    + """
redis.call('HSET', KEYS[1], 'collecting', ARGV[1], 'bx0', ARGV[2], 'bx1', ARGV[3],
  'by0', ARGV[4], 'by1', ARGV[5], 'per', ARGV[6])
local public = ARGV[1]
if public == '' then public = 'null' end
publish(ARGV[7], 'collecting', '"collecting":' .. public)
return 1
"""
)

# KEYS: meta, students, points, owner, mine; ARGV: student, x1, x2 (JSON numbers), label,
# the class's cap, channel, ttl
ADD_POINT = (
    _LIVE
    + _PUBLISH
    + """
if redis.call('HGET', KEYS[1], 'collecting') == '' then return 'not_collecting' end
local name = redis.call('HGET', KEYS[2], ARGV[1])
if not name then return 'not_joined' end
local x1, x2 = tonumber(ARGV[2]), tonumber(ARGV[3])
local m = redis.call('HMGET', KEYS[1], 'bx0', 'bx1', 'by0', 'by1', 'per')
if x1 < tonumber(m[1]) or x1 > tonumber(m[2]) or x2 < tonumber(m[3]) or x2 > tonumber(m[4]) then
  return 'box'
end
if tonumber(redis.call('HGET', KEYS[5], ARGV[1]) or '0') >= tonumber(m[5]) then
  return 'student_cap:' .. m[5]
end
if redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[5]) then return 'class_cap' end
local id = redis.call('HINCRBY', KEYS[1], 'nextpoint', 1)
local record = '{"id":' .. id .. ',"x1":' .. ARGV[2] .. ',"x2":' .. ARGV[3] .. ',"label":'
  .. ARGV[4] .. ',"by":' .. cjson.encode(name) .. '}'
redis.call('HSET', KEYS[3], id, record)
redis.call('HSET', KEYS[4], id, ARGV[1])
redis.call('HINCRBY', KEYS[5], ARGV[1], 1)
for i = 3, 5 do redis.call('EXPIRE', KEYS[i], ARGV[7]) end
publish(ARGV[6], 'point', '"point":' .. record)
return id
"""
)

# KEYS: meta, points, owner, mine; ARGV: point id, channel
REMOVE_POINT = (
    _LIVE
    + _PUBLISH
    + """
if redis.call('HDEL', KEYS[2], ARGV[1]) == 0 then return 'no_point' end
local student = redis.call('HGET', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('HINCRBY', KEYS[4], student, -1)
publish(ARGV[2], 'point_removed', '"point":' .. ARGV[1])
return 1
"""
)

# KEYS: meta, questions, students, points; ARGV: the answers keys' prefix. One consistent
# read: version, lead, the last question and its answers' count, collecting, ended, the
# number of students, the points.
STATE = """
local m = redis.call('HMGET', KEYS[1], 'version', 'lead', 'nextq', 'collecting', 'ended', 'seq')
if not m[1] then return 'unknown' end
local question, answered = false, 0
if tonumber(m[3]) > 0 then
  question = redis.call('HGET', KEYS[2], m[3])
  answered = redis.call('HLEN', ARGV[1] .. m[3])
end
return {m[1], m[2], question, answered, m[4], m[5], redis.call('HLEN', KEYS[3]),
  redis.call('HVALS', KEYS[4]), m[6]}
"""

# KEYS: meta; ARGV: '1' (closed to new joins) or ''
JOINS = (
    _LIVE
    + """
redis.call('HSET', KEYS[1], 'closed', ARGV[1])
return 1
"""
)

# KEYS: meta, students, names, points, owner, mine, questions, removed, held; ARGV:
# channel, the answers keys' prefix, ttl, the held answers keys' prefix. A seat and
# everything it sent, at once.
_REMOVE_ONE = """
local function remove_seat(student)
  local name = redis.call('HGET', KEYS[2], student)
  if not name then return 0 end
  redis.call('HDEL', KEYS[2], student)
  redis.call('SREM', KEYS[3], name)
  redis.call('HDEL', KEYS[6], student)
  redis.call('SADD', KEYS[8], student)
  redis.call('EXPIRE', KEYS[8], ARGV[3])
  redis.call('SREM', KEYS[9], student)
  local open = redis.call('HGET', KEYS[1], 'open')
  for q = 1, tonumber(redis.call('HGET', KEYS[1], 'nextq')) do
    redis.call('HDEL', ARGV[4] .. q, student)
    local answers = ARGV[2] .. q
    local choice = redis.call('HGET', answers, student)
    if choice then
      redis.call('HDEL', answers, student)
      if tostring(q) == open then
        local n = redis.call('HLEN', answers)
        publish(ARGV[1], 'answers', '"question":' .. q .. ',"answered":' .. n)
      else
        local record = cjson.decode(redis.call('HGET', KEYS[7], q))
        if record.counts then
          local k = tonumber(choice) + 1
          record.counts[k] = record.counts[k] - 1
          redis.call('HSET', KEYS[7], q, cjson.encode(record))
        end
      end
    end
  end
  local owned = redis.call('HGETALL', KEYS[5])
  for i = 1, #owned, 2 do
    if owned[i + 1] == student then
      redis.call('HDEL', KEYS[4], owned[i])
      redis.call('HDEL', KEYS[5], owned[i])
      publish(ARGV[1], 'point_removed', '"point":' .. owned[i])
    end
  end
  publish(ARGV[1], 'students', '"students":' .. redis.call('HLEN', KEYS[2]))
  redis.call('PUBLISH', ARGV[1], '{"type":"_removed","seat":' .. cjson.encode(student) .. '}')
  return 1
end
"""

# KEYS: as _REMOVE_ONE; ARGV: as _REMOVE_ONE, then the student.
REMOVE_SEAT = _LIVE + _PUBLISH + _REMOVE_ONE + "return remove_seat(ARGV[5])\n"

# KEYS and ARGV: as _REMOVE_ONE. Every held seat goes; how many.
REMOVE_HELD = (
    _LIVE
    + _PUBLISH
    + _REMOVE_ONE
    + """
local n = 0
for _, student in ipairs(redis.call('SMEMBERS', KEYS[9])) do n = n + remove_seat(student) end
redis.call('DEL', KEYS[9])
return n
"""
)

# KEYS: meta, students, held; ARGV: channel, the answers keys' prefix, the held answers
# keys' prefix, ttl, then the students to hold (those still in the class): their answers
# to the open question leave its answers for its held answers.
HOLD = (
    _LIVE
    + _PUBLISH
    + """
local open = redis.call('HGET', KEYS[1], 'open')
local moved = false
for i = 5, #ARGV do
  local student = ARGV[i]
  if redis.call('HEXISTS', KEYS[2], student) == 1
      and redis.call('SADD', KEYS[3], student) == 1 then
    redis.call('EXPIRE', KEYS[3], ARGV[4])
    if open ~= '' then
      local choice = redis.call('HGET', ARGV[2] .. open, student)
      if choice then
        redis.call('HDEL', ARGV[2] .. open, student)
        redis.call('HSET', ARGV[3] .. open, student, choice)
        redis.call('EXPIRE', ARGV[3] .. open, ARGV[4])
        moved = true
      end
    end
  end
end
if moved then
  local n = redis.call('HLEN', ARGV[2] .. open)
  publish(ARGV[1], 'answers', '"question":' .. open .. ',"answered":' .. n)
end
return 1
"""
)

# KEYS: meta, held; ARGV: channel, the answers keys' prefix, the held answers keys'
# prefix, ttl. The held seats count from now on: their answers to the open question join
# its answers; how many seats were held.
COUNT_HELD = (
    _LIVE
    + _PUBLISH
    + """
local n = redis.call('SCARD', KEYS[2])
local open = redis.call('HGET', KEYS[1], 'open')
if open ~= '' then
  local answers = ARGV[2] .. open
  local before = redis.call('HLEN', answers)
  local held = redis.call('HGETALL', ARGV[3] .. open)
  for i = 1, #held, 2 do redis.call('HSET', answers, held[i], held[i + 1]) end
  redis.call('EXPIRE', answers, ARGV[4])
  local after = redis.call('HLEN', answers)
  if after ~= before then
    publish(ARGV[1], 'answers', '"question":' .. open .. ',"answered":' .. after)
  end
end
for q = 1, tonumber(redis.call('HGET', KEYS[1], 'nextq')) do redis.call('DEL', ARGV[3] .. q) end
redis.call('DEL', KEYS[2])
return n
"""
)

# KEYS: meta, points, owner, mine; ARGV: channel. Every point goes; how many.
CLEAR_POINTS = (
    _LIVE
    + _PUBLISH
    + """
local ids = redis.call('HKEYS', KEYS[2])
table.sort(ids, function(a, b) return tonumber(a) < tonumber(b) end)
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
for _, id in ipairs(ids) do publish(ARGV[1], 'point_removed', '"point":' .. id) end
return #ids
"""
)
