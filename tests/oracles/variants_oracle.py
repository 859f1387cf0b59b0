"""Textbook oracles for the four variants, written out the slow obvious way.

``replay`` runs the perceptron visit by visit (CIML Algorithm 5 with the given orders)
and keeps, after every visit, what each variant would predict with:

- classic: the weights in force;
- averaged: the running sum of the weights after each visit, divided by the visits
  (the plain average), and CIML Algorithm 7's cached-weights value w - u/c beside it;
- voted: Freund and Schapire's list of vectors and survival counts (a new vector gets 1
  for the visit that made it, then 1 per correct visit);
- pocket: the weights with the fewest training errors so far (a strictly better vector
  replaces the pocket, as Gallant's pocket algorithm keeps the first best).

Nothing here calls the engine's Run methods under test.
"""

from __future__ import annotations

import numpy as np

import datasets


def training_errors(X, y, w, b) -> int:
    return int(sum(1 for i in range(len(y)) if y[i] * (float(w @ X[i]) + b) <= 0))


def replay(X, y, orders, eta=1.0, w0=None, b0=0.0, stop_visits=None):
    """States after each visit t = 0..T (index t: after the first t visits).

    ``orders`` lists each epoch's visiting order; the loop stops after a clean epoch, or
    after ``stop_visits`` visits. Returns a list of dicts with keys w, b, avg_w, avg_b,
    ciml_w, ciml_b, votes (list of (w, b, c)), pocket_w, pocket_b.
    """
    X = np.asarray(X, dtype=np.float64)
    d = X.shape[1]
    w = np.zeros(d) if w0 is None else np.array(w0, dtype=np.float64)
    b = float(b0)
    sw, sb = np.zeros(d), 0.0  # running sum of the weights after each visit
    u, beta, c = np.zeros(d), 0.0, 1  # CIML Algorithm 7's cache and counter
    cw, cb = w.copy(), b  # CIML Alg. 7's own (w, b) (same as w, b)
    votes = [[w.copy(), b, 0]]
    pocket = (w.copy(), b, training_errors(X, y, w, b))

    def state(t):
        return dict(
            w=w.copy(),
            b=b,
            avg_w=(sw / t) if t else w.copy(),
            avg_b=(sb / t) if t else b,
            ciml_w=cw - u / c,
            ciml_b=cb - beta / c,
            votes=[(v.copy(), vb, vc) for v, vb, vc in votes],
            pocket_w=pocket[0].copy(),
            pocket_b=pocket[1],
        )

    states = [state(0)]
    t = 0
    for order in orders:
        clean = True
        for i in order:
            if stop_visits is not None and t >= stop_visits:
                return states
            if y[i] * (float(w @ X[i]) + b) <= 0:
                s = eta * y[i]
                w, b, clean = w + s * X[i], b + s, False
                cw, cb = cw + s * X[i], cb + s
                u, beta = u + s * c * X[i], beta + s * c
                votes.append([w.copy(), b, 1])
                e = training_errors(X, y, w, b)
                if e < pocket[2]:
                    pocket = (w.copy(), b, e)
            else:
                votes[-1][2] += 1
            c += 1
            t += 1
            sw, sb = sw + w, sb + b
            states.append(state(t))
        if clean:
            break
    return states


def voted_scores(votes, Z) -> np.ndarray:
    """Freund and Schapire's vote: sum of c_k * sign(w_k . z + b_k)."""
    Z = np.asarray(Z, dtype=np.float64)
    out = np.zeros(Z.shape[0])
    for v, vb, c in votes:
        out += c * np.sign(Z @ v + vb)
    return out


def oracle_scores(st: dict, variant: str, Z) -> np.ndarray:
    Z = np.asarray(Z, dtype=np.float64)
    if variant == "classic":
        return Z @ st["w"] + st["b"]
    if variant == "averaged":
        return Z @ st["avg_w"] + st["avg_b"]
    if variant == "pocket":
        return Z @ st["pocket_w"] + st["pocket_b"]
    return voted_scores(st["votes"], Z)


# The data both variants test files use: a noisy line, and its train / dev / test sets.
def noisy_line(n=90, seed=0, noise=0.2):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X @ np.array([1.0, -0.7]) + 0.2 > 0, 1, -1)
    return X, np.where(rng.random(n) < noise, -y, y)


def split_sets(X, y, seed=3):
    tr, dv, te = datasets.split(len(y), seed=seed)
    return {"train": (X[tr], y[tr]), "dev": (X[dv], y[dv]), "test": (X[te], y[te])}
