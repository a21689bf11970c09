/* The solver's search (engine/solver/search.py, Search.trick) in C.
 *
 * The same algorithm: fail-soft alpha-beta over card points, one call per trick, the enhanced
 * transposition cut-off, the quick bounds (quick tricks, master trumps), the same move ordering
 * with the same remembered replies and killer moves. Two differences: the transposition table is
 * keyed on the cards left by relative rank (tt_key), so positions that differ only in which
 * zero-point cards are gone share an entry (about 5 % fewer nodes on whole deals), and a lead of a
 * suit whose best card out is the partner's comes before the cheapest leads (2 %). It proves the
 * same values as the Python search, the reference; the tests compare them on many deals.
 * Legality is asked about a trick as the rules read it (legality_code), and the replies are
 * remembered under that trick: half as many questions, fewer and hotter remembered replies.
 *
 * Legality is engine.play's legal-card function mirrored in C (rules_legal), from the rule set's
 * options (engine.play.legal_options): the search never calls back into Python. engine/play.py
 * stays the reference; a property test compares the two on random positions of every rule set.
 * Without options, the rule set's own function is called back, once per hand and trick; points,
 * strengths, the cards above each card and the equivalence tables are handed in as data by
 * engine/solver/native.py, which reads them from engine.ranking and engine.solver.equivalence.
 *
 * Maps are open-addressing hash tables on 64-bit keys that are never 0; they only grow, so they
 * behave like the Python dicts they replace (nothing is ever forgotten). A freed map's buffer is
 * kept, one per size, for the next search, so that many solves in a row allocate almost nothing;
 * Table.reset empties a table and keeps its memory.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define BIG (1 << 16) /* beyond any number of points */

/* ---- maps ------------------------------------------------------------------------------- */

typedef struct {
    uint64_t key; /* 0: an empty slot */
    uint64_t val;
} Slot;

typedef struct {
    Slot *slots;
    int bits;
    size_t count;
} Map;

/* One spare buffer per size, kept when a map is freed and zeroed for the next one: solving many
 * deals in a row neither allocates nor touches fresh pages. */
static void *slot_spares[48], *word_spares[48];

static void *buffer(int bits, size_t slot_size) {
    size_t size = slot_size << bits;
    void **spares = slot_size == sizeof(Slot) ? slot_spares : word_spares;
    void *b = spares[bits];
    if (b) {
        spares[bits] = NULL;
        memset(b, 0, size);
        return b;
    }
    b = PyMem_Calloc((size_t)1 << bits, slot_size);
    if (!b)
        PyErr_NoMemory();
    return b;
}

static void unbuffer(void *b, int bits, size_t slot_size) {
    void **spares = slot_size == sizeof(Slot) ? slot_spares : word_spares;
    if (b && !spares[bits])
        spares[bits] = b;
    else
        PyMem_Free(b);
}

static int map_alloc(Map *m, int bits) {
    m->slots = buffer(bits, sizeof(Slot));
    if (!m->slots)
        return -1;
    m->bits = bits;
    m->count = 0;
    return 0;
}

static void map_free(Map *m) {
    unbuffer(m->slots, m->bits, sizeof(Slot));
    m->slots = NULL;
}

static void map_clear(Map *m) {
    memset(m->slots, 0, sizeof(Slot) << m->bits);
    m->count = 0;
}

static inline size_t slot_of(uint64_t key, int bits) {
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> (64 - bits));
}

static inline int map_get(const Map *m, uint64_t key, uint64_t *out) {
    size_t mask = ((size_t)1 << m->bits) - 1;
    for (size_t i = slot_of(key, m->bits);; i = (i + 1) & mask) {
        const Slot *e = &m->slots[i];
        if (e->key == key) {
            *out = e->val;
            return 1;
        }
        if (!e->key)
            return 0;
    }
}

static int map_put(Map *m, uint64_t key, uint64_t val);

static int map_grow(Map *m) {
    Map bigger;
    size_t cap = (size_t)1 << m->bits;
    if (map_alloc(&bigger, m->bits + 1) < 0)
        return -1;
    for (size_t i = 0; i < cap; i++)
        if (m->slots[i].key)
            map_put(&bigger, m->slots[i].key, m->slots[i].val);
    map_free(m);
    *m = bigger;
    return 0;
}

static int map_put(Map *m, uint64_t key, uint64_t val) {
    size_t mask = ((size_t)1 << m->bits) - 1;
    for (size_t i = slot_of(key, m->bits);; i = (i + 1) & mask) {
        Slot *e = &m->slots[i];
        if (e->key == key) {
            e->val = val;
            return 0;
        }
        if (!e->key) {
            e->key = key;
            e->val = val;
            if (++m->count * 2 > ((size_t)1 << m->bits))
                return map_grow(m);
            return 0;
        }
    }
}

/* The transposition table: one 64-bit word a slot, the key (cards left | leader << 32, 34 bits)
 * below the entry (search.entry: 24 bits), so that a probe reads one word and a cache line holds
 * eight positions. */

#define TT_KEY_BITS 34
#define TT_KEY_MASK (((uint64_t)1 << TT_KEY_BITS) - 1)

typedef struct {
    uint64_t *slots; /* 0: an empty slot (a key is never 0: some card is left) */
    int bits;
    size_t count;
} TT;

static int tt_alloc(TT *t, int bits) {
    t->slots = buffer(bits, sizeof(uint64_t));
    if (!t->slots)
        return -1;
    t->bits = bits;
    t->count = 0;
    return 0;
}

static inline int64_t tt_get(const TT *t, uint64_t key) {
    size_t mask = ((size_t)1 << t->bits) - 1;
    for (size_t i = slot_of(key, t->bits);; i = (i + 1) & mask) {
        uint64_t w = t->slots[i];
        if ((w & TT_KEY_MASK) == key)
            return (int64_t)(w >> TT_KEY_BITS);
        if (!w)
            return -1;
    }
}

static int tt_put(TT *t, uint64_t key, uint64_t entry);

static int tt_grow(TT *t) {
    TT bigger;
    size_t cap = (size_t)1 << t->bits;
    if (tt_alloc(&bigger, t->bits + 1) < 0)
        return -1;
    for (size_t i = 0; i < cap; i++)
        if (t->slots[i])
            tt_put(&bigger, t->slots[i] & TT_KEY_MASK, t->slots[i] >> TT_KEY_BITS);
    unbuffer(t->slots, t->bits, sizeof(uint64_t));
    *t = bigger;
    return 0;
}

static int tt_put(TT *t, uint64_t key, uint64_t entry) {
    size_t mask = ((size_t)1 << t->bits) - 1;
    uint64_t w = key | entry << TT_KEY_BITS;
    for (size_t i = slot_of(key, t->bits);; i = (i + 1) & mask) {
        uint64_t old = t->slots[i];
        if ((old & TT_KEY_MASK) == key) {
            t->slots[i] = w;
            return 0;
        }
        if (!old) {
            t->slots[i] = w;
            if (++t->count * 2 > ((size_t)1 << t->bits))
                return tt_grow(t);
            return 0;
        }
    }
}

/* ---- Table: the transposition table, a Python object so that searches can share it ------- */

typedef struct {
    PyObject_HEAD
    TT map;
} Table;

static int Table_init(Table *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "", kwlist))
        return -1;
    if (self->map.slots)
        return 0;
    return tt_alloc(&self->map, 14);
}

static void Table_dealloc(Table *self) {
    unbuffer(self->map.slots, self->map.bits, sizeof(uint64_t));
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Table_get(Table *self, PyObject *args) {
    unsigned long long key;
    PyObject *dflt = Py_None;
    if (!PyArg_ParseTuple(args, "K|O", &key, &dflt))
        return NULL;
    int64_t v = key && key <= TT_KEY_MASK ? tt_get(&self->map, key) : -1;
    if (v >= 0)
        return PyLong_FromLongLong(v);
    Py_INCREF(dflt);
    return dflt;
}

static PyObject *Table_set(Table *self, PyObject *args) {
    unsigned long long key;
    unsigned long v;
    if (!PyArg_ParseTuple(args, "Kk", &key, &v))
        return NULL;
    if (!key || key > TT_KEY_MASK || v >> 24) {
        PyErr_SetString(PyExc_ValueError, "not a position and its entry");
        return NULL;
    }
    if (tt_put(&self->map, key, v) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *Table_items(Table *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(0);
    size_t cap = (size_t)1 << self->map.bits;
    if (!out)
        return NULL;
    for (size_t i = 0; i < cap; i++) {
        uint64_t w = self->map.slots[i];
        if (!w)
            continue;
        PyObject *item = Py_BuildValue("(KK)", (unsigned long long)(w & TT_KEY_MASK),
                                       (unsigned long long)(w >> TT_KEY_BITS));
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

static PyObject *Table_reset(Table *self, PyObject *Py_UNUSED(ignored)) {
    memset(self->map.slots, 0, sizeof(uint64_t) << self->map.bits);
    self->map.count = 0;
    Py_RETURN_NONE;
}

static Py_ssize_t Table_len(Table *self) { return (Py_ssize_t)self->map.count; }

static PyMethodDef Table_methods[] = {
    {"get", (PyCFunction)Table_get, METH_VARARGS, "The entry of a key, or the default."},
    {"set", (PyCFunction)Table_set, METH_VARARGS, "Store an entry."},
    {"items", (PyCFunction)Table_items, METH_NOARGS, "Every (key, entry)."},
    {"reset", (PyCFunction)Table_reset, METH_NOARGS, "Forget every entry, keeping the memory."},
    {NULL},
};

static PySequenceMethods Table_as_sequence = {.sq_length = (lenfunc)Table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.solver._native.Table",
    .tp_doc = "A transposition table: (cards left | leader << 32) -> entry (search.entry).",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_as_sequence = &Table_as_sequence,
};

/* ---- Legality: the rule set's legal-card function, remembered across searches ------------ */

/* Legality looks at a hand only through its cards of the suit led and of the trump suit; the
 * hand's other cards are all legal or none are (engine/play.py: a test checks it for every rule
 * set). So an answer is remembered under those two suits of the hand, the trick and the trump,
 * and serves every hand that agrees there, in this deal and the next. */

#define LEGALITY_LIMIT ((size_t)1 << 18) /* entries (8 MB at most); beyond it the memory starts again */

/* The options of engine.play.legal_options, one bit each. */
#define OVERTRUMP_ALWAYS 1
#define OVERTRUMP_ON_TRUMP_LEAD 2
#define EKKA_RULES 4
#define ALWAYS_UNDERTRUMP 8
#define MUST_OVERRUFF 16

typedef struct {
    PyObject_HEAD
    PyObject *fn; /* (hand, trick, trump, ekka) -> mask */
    Map map;
    long long calls;
    /* The rule set's options (engine.play.legal_options), or -1: ask ``fn`` instead. */
    long options;
    uint8_t strength[5][32]; /* engine.ranking.STRENGTH */
    uint32_t higher[5][32];  /* engine.ranking.HIGHER */
} Legality;

/* Reads a 5 x 32 table of small integers (engine.ranking's), into ``u8`` or ``u32``. */
static int read_table5(PyObject *table, uint8_t (*u8)[32], uint32_t (*u32)[32]) {
    PyObject *rows = PySequence_Fast(table, "a table of 5 rows of 32");
    if (!rows)
        return -1;
    if (PySequence_Fast_GET_SIZE(rows) != 5) {
        Py_DECREF(rows);
        PyErr_SetString(PyExc_ValueError, "a table of 5 rows of 32");
        return -1;
    }
    for (int t = 0; t < 5; t++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, t), "a row of 32");
        if (!row || PySequence_Fast_GET_SIZE(row) != 32) {
            Py_XDECREF(row);
            Py_DECREF(rows);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a row of 32");
            return -1;
        }
        for (int c = 0; c < 32; c++) {
            unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(row, c));
            if (PyErr_Occurred()) {
                Py_DECREF(row);
                Py_DECREF(rows);
                return -1;
            }
            if (u8)
                u8[t][c] = (uint8_t)v;
            else
                u32[t][c] = (uint32_t)v;
        }
        Py_DECREF(row);
    }
    Py_DECREF(rows);
    return 0;
}

static int Legality_init(Legality *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"legal", "options", "strength", "higher", NULL};
    PyObject *fn, *strength = NULL, *higher = NULL;
    long options = -1;
    if (self->fn) {
        PyErr_SetString(PyExc_RuntimeError, "a Legality is initialised once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|lOO", kwlist, &fn, &options, &strength, &higher))
        return -1;
    if (options >= 0) {
        if (!strength || !higher) {
            PyErr_SetString(PyExc_TypeError, "options need the strength and higher tables");
            return -1;
        }
        if (read_table5(strength, self->strength, NULL) < 0 || read_table5(higher, NULL, self->higher) < 0)
            return -1;
    }
    if (map_alloc(&self->map, 12) < 0)
        return -1;
    self->options = options;
    Py_INCREF(fn);
    self->fn = fn;
    return 0;
}

/* engine.play's legal-card function (_make_legal), branch for branch, for the rule set whose
 * options are ``self->options``: a compiled mirror, so that the search never calls back into
 * Python. engine/play.py stays the rules' one implementation; a property test compares the two
 * on random positions of every rule set (tests/engine/test_solver_native_legality.py). */
static uint32_t rules_legal(const Legality *self, uint32_t hand, const int *trick, int n, int trump, int ekka) {
    long o = self->options;
    if (n == 0)
        return hand;
    int led = trick[0] >> 3;
    uint32_t follow = hand & ((uint32_t)0xFF << (8 * led));
    int wi = 0;
    if (trump < 4) {
        /* engine.ranking.trick_winner_index */
        int best_s = self->strength[trump][trick[0]];
        for (int i = 1; i < n; i++) {
            int c = trick[i], st = self->strength[trump][c];
            if (st > best_s && ((c >> 3) == led || (c >> 3) == trump)) {
                wi = i;
                best_s = st;
            }
        }
    }
    if (led == trump) {
        if (!follow)
            return hand;
        if ((o & OVERTRUMP_ALWAYS) || ((o & OVERTRUMP_ON_TRUMP_LEAD) && wi != n - 2)) {
            uint32_t higher = follow & self->higher[trump][trick[wi]];
            if (higher)
                return higher;
        }
        return follow;
    }
    if (follow)
        return follow;
    if (trump >= 4)
        return hand;
    uint32_t trumps = hand & ((uint32_t)0xFF << (8 * trump));
    if (!trumps)
        return hand;
    int best = trick[wi];
    uint32_t higher = (best >> 3) == trump ? trumps & self->higher[trump][best] : trumps;
    if (o & EKKA_RULES) {
        if (n == 2 && (ekka || (trick[0] & 7) == 7)) {
            if ((trick[1] >> 3) == trump)
                return higher ? higher : hand;
            return hand;
        }
        return trumps;
    }
    if (wi != n - 2) {
        if ((o & MUST_OVERRUFF) && higher)
            return higher;
        return trumps;
    }
    if (o & ALWAYS_UNDERTRUMP)
        return higher ? higher : trumps;
    if (o & MUST_OVERRUFF)
        return (hand & ~((uint32_t)0xFF << (8 * trump))) | (higher ? higher : trumps);
    return hand;
}

/* Legality.mask(hand, trick, trump, ekka=False): the compiled mirror's answer, for the tests. */
static PyObject *Legality_mask(Legality *self, PyObject *args) {
    unsigned long hand;
    PyObject *trick;
    int trump, ekka = 0;
    if (!PyArg_ParseTuple(args, "kOi|p", &hand, &trick, &trump, &ekka))
        return NULL;
    if (self->options < 0) {
        PyErr_SetString(PyExc_ValueError, "this Legality has no options: it asks its function");
        return NULL;
    }
    PyObject *cards = PySequence_Fast(trick, "a trick of at most 3 cards");
    if (!cards)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(cards);
    int c[3];
    if (n > 3 || trump < 0 || trump > 4) {
        Py_DECREF(cards);
        PyErr_SetString(PyExc_ValueError, "a trick of at most 3 cards, a trump from 0 to 4");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(cards, i));
        if (v < 0 || v > 31) {
            Py_DECREF(cards);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a card is 0 to 31");
            return NULL;
        }
        c[i] = (int)v;
    }
    Py_DECREF(cards);
    return PyLong_FromUnsignedLong(rules_legal(self, (uint32_t)hand, c, (int)n, trump, ekka));
}

static void Legality_dealloc(Legality *self) {
    map_free(&self->map);
    Py_XDECREF(self->fn);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The rule set's answer for ``hand`` on the trick in ``code`` (cards at bits 32, 37, 42, one bit
 * per card at 47-49), or (uint64_t)-1 with a Python error set. */
/* rules_legal on the trick in ``code`` (cards at bits 32, 37, 42, one bit per card at 48-49). */
static inline uint32_t compiled_legal(const Legality *self, uint32_t hand, uint64_t code, int trump) {
    int n = 1 + (int)(code >> 48 & 1) + (int)(code >> 49 & 1), c[3];
    for (int i = 0; i < n; i++)
        c[i] = (int)(code >> (32 + 5 * i) & 31);
    return rules_legal(self, hand, c, n, trump, 0);
}

static uint64_t legality_call(Legality *self, uint32_t hand, uint64_t code, int trump) {
    int n = 1 + (int)(code >> 48 & 1) + (int)(code >> 49 & 1);
    if (self->options >= 0)
        return compiled_legal(self, hand, code, trump);
    PyObject *t = PyList_New(n);
    if (!t)
        return (uint64_t)-1;
    for (int i = 0; i < n; i++) {
        PyObject *c = PyLong_FromLong((long)(code >> (32 + 5 * i) & 31));
        if (!c) {
            Py_DECREF(t);
            return (uint64_t)-1;
        }
        PyList_SET_ITEM(t, i, c);
    }
    self->calls++;
    /* A vector call: no format to parse, no tuple of arguments made. */
    PyObject *h = PyLong_FromUnsignedLong((unsigned long)hand), *tr = PyLong_FromLong(trump);
    PyObject *r = NULL;
    if (h && tr) {
        PyObject *args[4] = {h, t, tr, Py_False};
        r = PyObject_Vectorcall(self->fn, args, 4, NULL);
    }
    Py_XDECREF(h);
    Py_XDECREF(tr);
    Py_DECREF(t);
    if (!r)
        return (uint64_t)-1;
    unsigned long legal = PyLong_AsUnsignedLong(r);
    Py_DECREF(r);
    if (PyErr_Occurred())
        return (uint64_t)-1;
    if (legal & ~(unsigned long)hand) {
        PyErr_SetString(PyExc_ValueError, "the legal cards are not in the hand");
        return (uint64_t)-1;
    }
    return legal;
}

static uint64_t legality_get(Legality *self, uint32_t hand, uint64_t code, int trump) {
    /* The compiled mirror answers faster than the memory would. */
    if (self->options >= 0)
        return legality_call(self, hand, code, trump);
    int led = (int)(code >> 32 & 31) >> 3;
    uint32_t lt = (uint32_t)0xFF << (8 * led);
    /* A hand that holds the suit led follows it: its trumps are not read then, and no card of
     * another suit is legal (tested too). */
    int follows = (hand & lt) != 0;
    if (trump < 4 && !follows)
        lt |= (uint32_t)0xFF << (8 * trump);
    uint64_t key = (hand & lt) | code | (uint64_t)trump << 50, v;
    if (map_get(&self->map, key, &v))
        return (v & 0xFFFFFFFFu) | ((v >> 32) ? hand & ~lt : 0);
    uint64_t legal = legality_call(self, hand, code, trump);
    if (legal == (uint64_t)-1)
        return legal;
    uint32_t others = hand & ~lt, shown = (uint32_t)legal & ~lt;
    uint64_t all_others;
    if (others) {
        if (shown != others && shown != 0)
            return legal; /* not the expected shape: answered, not remembered */
        all_others = shown != 0;
    } else if (follows) {
        all_others = 0;
    } else {
        /* Whether other suits' cards would be legal: ask with one card more, outside the trick. */
        uint32_t trick_cards = 0;
        int n = 1 + (int)(code >> 48 & 1) + (int)(code >> 49 & 1);
        for (int i = 0; i < n; i++)
            trick_cards |= (uint32_t)1 << (code >> (32 + 5 * i) & 31);
        uint32_t spare = ~lt & ~trick_cards;
        if (!spare)
            return legal;
        uint32_t extra = spare & -spare;
        uint64_t with = legality_call(self, hand | extra, code, trump);
        if (with == (uint64_t)-1)
            return with;
        if ((with & lt) != (legal & lt))
            return legal;
        all_others = (with & extra) != 0;
    }
    if (self->map.count >= LEGALITY_LIMIT)
        map_clear(&self->map);
    if (map_put(&self->map, key, (legal & lt) | all_others << 32) < 0)
        return (uint64_t)-1;
    return legal;
}

static PyObject *Legality_get_calls(Legality *self, void *closure) { return PyLong_FromLongLong(self->calls); }

static PyMethodDef Legality_methods[] = {
    {"mask", (PyCFunction)Legality_mask, METH_VARARGS,
     "mask(hand, trick, trump, ekka=False): the legal cards by the compiled mirror of the rules."},
    {NULL},
};

static PyGetSetDef Legality_getset[] = {
    {"calls", (getter)Legality_get_calls, NULL, "Calls of the rule set's function so far.", NULL},
    {NULL},
};

static PyTypeObject LegalityType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.solver._native.Legality",
    .tp_doc = "Legality(legal): the rule set's legal-card function, its answers remembered.",
    .tp_basicsize = sizeof(Legality),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Legality_init,
    .tp_dealloc = (destructor)Legality_dealloc,
    .tp_getset = Legality_getset,
    .tp_methods = Legality_methods,
};

/* ---- Core: one deal's search ------------------------------------------------------------ */

typedef struct {
    int32_t k[8]; /* sort keys: card in the low 5 bits */
    int32_t n;
} Moves;

typedef struct {
    PyObject_HEAD
    Table *table;
    Legality *legality; /* the rule set's own legal-card function */
    uint32_t owners[4];
    int step, trump, bonus;
    uint8_t pts[32], strength[32], above[32];
    uint32_t trumps, mergeable;
    uint32_t eq_mask[4];
    int eq_width[4];
    uint8_t *eq_table[4];
    /* Per suit, per set of its mergeable cards left (bits 0..width-1): the set that stands for it in
     * the table's key (tt_key). */
    uint8_t zrep[4][8];
    uint8_t weakest[4]; /* per suit, its weakest card (legality_code) */
    long long nodes;
    Map fixed, order_cache, killer;
} Core;

/* ---- the table's key: the cards left by relative rank ---------------------------------------
 *
 * A suit's mergeable cards (equivalence.py: the zero-point cards, the weakest of the suit, all
 * worth the same) are told apart only by their order: two positions that differ in which of them
 * were played, but whose cards left lie in the same order with the same owners, are one position
 * (exchange the cards' names: every comparison the rules make and every point agree). Cards never
 * change hands, so in one deal the mergeable cards left of a suit fall in at most eight classes
 * (their owners, weakest first); the key holds each class as its first set (zrep) in place of the
 * cards, and the other cards as they are. The table is one deal's, as before. */

static inline uint64_t tt_key(const Core *s, uint32_t hk, int leader) {
    uint32_t k = hk & ~s->mergeable;
    for (int su = 0; su < 4; su++)
        k |= (uint32_t)s->zrep[su][(hk >> (8 * su)) & s->eq_mask[su]] << (8 * su);
    return k | (uint64_t)leader << 32;
}

/* ``c`` (a card left in ``hk``) as the table stores it: a mergeable card by its place among its
 * suit's mergeable cards left (rank 0 for the weakest), so that an equivalent position reads back
 * its own card. */
static inline int canonical_card(const Core *s, int c, uint32_t hk) {
    int su = c >> 3, r = c & 7;
    if (!(s->eq_mask[su] >> r & 1))
        return c;
    uint32_t below = (hk >> (8 * su)) & s->eq_mask[su] & ((1u << r) - 1);
    return 8 * su + __builtin_popcount(below);
}

/* The card of ``hk`` a stored card stands for (-1: none). */
static inline int actual_card(const Core *s, int c, uint32_t hk) {
    if (c < 0)
        return c;
    int su = c >> 3, r = c & 7;
    if (!(s->eq_mask[su] >> r & 1))
        return c;
    uint32_t held = (hk >> (8 * su)) & s->eq_mask[su];
    for (; r > 0 && held; r--)
        held &= held - 1;
    return held ? 8 * su + __builtin_ctz(held) : -1;
}

static inline int low_card(uint32_t m) { return __builtin_ctz(m); }
static inline int top_card(uint32_t m) { return 31 - __builtin_clz(m); }

static inline uint32_t higher(const Core *s, int c) { return (uint32_t)s->above[c] << (c & 24); }

static inline int beats(const Core *s, int c, int w) {
    return s->strength[c] > s->strength[w] && ((c >> 3) == (w >> 3) || (c >> 3) == s->trump);
}

static uint32_t representatives(const Core *s, uint32_t cards, uint32_t live) {
    uint32_t z = cards & s->mergeable;
    if (!(z & (z - 1)))
        return cards;
    for (int su = 0; su < 4; su++) {
        uint32_t mask = s->eq_mask[su];
        int shift = 8 * su;
        uint32_t held = (cards >> shift) & mask;
        if (held & (held - 1)) {
            uint32_t drop = s->eq_table[su][(((live >> shift) & mask) << s->eq_width[su]) | held];
            cards &= ~(drop << shift);
        }
    }
    return cards;
}

static void sort_moves(Moves *m) {
    for (int i = 1; i < m->n; i++) {
        int32_t v = m->k[i];
        int j = i - 1;
        while (j >= 0 && m->k[j] > v) {
            m->k[j + 1] = m->k[j];
            j--;
        }
        m->k[j + 1] = v;
    }
}

/* The strongest card of ``m`` (cards of one suit). */
static int strongest(const Core *s, uint32_t m) {
    int best = -1;
    for (; m; m &= m - 1) {
        int c = __builtin_ctz(m);
        if (best < 0 || s->strength[c] > s->strength[best])
            best = c;
    }
    return best;
}

/* Leads as sort keys (search.py, Search.lead_order): the remembered best, the top cards, then a
 * suit whose best card out is the partner's (the partner wins it), then the cheapest cards. */
static void lead_order(const Core *s, uint32_t moves, uint32_t live, int first, Moves *out, uint32_t hand,
                       uint32_t partner) {
    out->n = 0;
    while (moves) {
        int c = low_card(moves);
        moves &= moves - 1;
        int32_t k;
        if (c == first)
            k = c;
        else if (!(higher(s, c) & live))
            k = (64 - s->pts[c]) << 5 | c;
        else
            k = (128 + s->strength[c] * 32 + s->pts[c]) << 5 | c;
        if (c != first && (higher(s, c) & live)) {
            uint32_t suit = (uint32_t)0xFF << (c & 24);
            uint32_t out_cards = live & suit & ~hand;
            if (out_cards && (partner & (1u << strongest(s, out_cards))))
                k = (96 + s->strength[c]) << 5 | c;
        }
        out->k[out->n++] = k;
    }
    sort_moves(out);
}

static void follow_order(const Core *s, uint32_t moves, int wcard, int ours, int last, Moves *out) {
    out->n = 0;
    if (!(moves & (moves - 1))) {
        out->k[out->n++] = top_card(moves);
        return;
    }
    while (moves) {
        int c = low_card(moves);
        moves &= moves - 1;
        int p = s->pts[c];
        int b = beats(s, c, wcard);
        int32_t k;
        if (ours && !b && last)
            k = (64 - p) << 5 | c;
        else if (b)
            k = (64 + s->strength[c]) << 5 | c;
        else
            k = (128 + p * 8 + s->strength[c]) << 5 | c;
        out->k[out->n++] = k;
    }
    sort_moves(out);
}

/* A remembered list of replies is one word: the count in bits 0-3, then the cards, 5 bits each,
 * in order (never 0: a hand always has a reply). ``Where`` says in which map and under which
 * key, so that a reply that cut the search off can be moved to the front (a killer move). */
typedef struct {
    Map *map;
    uint64_t key;
} Where;

static uint64_t pack(const Moves *m) {
    uint64_t w = (uint64_t)m->n;
    for (int i = 0; i < m->n; i++)
        w |= (uint64_t)(m->k[i] & 31) << (4 + 5 * i);
    return w;
}

static void unpack(uint64_t w, Moves *m) {
    m->n = (int32_t)(w & 15);
    for (int i = 0; i < m->n; i++)
        m->k[i] = (int32_t)(w >> (4 + 5 * i) & 31);
}

/* Put the reply ``card`` first in a remembered list (search.py, _to_front). */
static void to_front(Where at, int card) {
    uint64_t w;
    Moves m = {{0}, 0};
    if (!map_get(at.map, at.key, &w))
        return;
    unpack(w, &m);
    int i = 0;
    while (m.k[i] != card)
        i++;
    for (; i > 0; i--)
        m.k[i] = m.k[i - 1];
    m.k[0] = card;
    map_put(at.map, at.key, pack(&m)); /* the key is there: nothing grows */
}

/* ``legal`` (a hand's legal cards, some of which can merge) with equivalent cards merged, ordered
 * and remembered by the cards left to choose from (search.py, Search.replies, its second half). */
static uint64_t merged_replies(Core *s, uint32_t legal, uint64_t code, uint32_t live, int wcard, int ours,
                               int last, Where *at) {
    uint64_t known;
    Moves m;
    uint32_t moves = representatives(s, legal, live);
    at->map = &s->order_cache;
    at->key = moves | code;
    if (map_get(&s->order_cache, moves | code, &known))
        return known;
    follow_order(s, moves, wcard, ours, last, &m);
    uint64_t w = pack(&m);
    if (map_put(&s->order_cache, moves | code, w) < 0)
        return 0;
    return w;
}

/* Marks an entry of ``fixed`` that holds a hand's legal cards, some of which can merge, instead
 * of its replies (search.py keeps those in ``legal_cache``: one map here, one memory read). */
#define MERGING ((uint64_t)1 << 63)

/* The trick in ``code`` as legality reads it: the card led and the card winning as they are, each
 * other card as the weakest card of its suit. The rules compare a card played with the winning card
 * only, and read the others by their suit (the tests check it for every rule set, as they check that
 * legality reads a hand's cards of the suit led and of the trump suit only): so one question to the
 * rule set's function answers every trick that differs only there, and the search asks far fewer. */
static uint64_t legality_code(const Core *s, uint64_t code) {
    int n = 1 + (int)(code >> 48 & 1) + (int)(code >> 49 & 1);
    if (n < 2)
        return code;
    int c[3], wi = 0;
    for (int i = 0; i < n; i++)
        c[i] = (int)(code >> (32 + 5 * i) & 31);
    for (int i = 1; i < n; i++)
        if (beats(s, c[i], c[wi]))
            wi = i;
    uint64_t out = code & ~((uint64_t)0x7FFF << 32);
    for (int i = 0; i < n; i++) {
        int card = i == 0 || i == wi ? c[i] : s->weakest[c[i] >> 3];
        out |= (uint64_t)card << (32 + 5 * i);
    }
    return out;
}

/* The ordered legal replies of ``hand`` to the trick in ``code`` (search.py, Search.replies),
 * packed; 0 with a Python error set. */
static inline uint64_t known_replies(Core *s, uint32_t hand, uint64_t code, uint32_t live, int wcard, int ours,
                                     int last, Where *at) {
    /* Remembered under the trick as legality reads it: the replies depend on nothing else (the
     * legal cards, the card winning, whose team holds it, the last card or not). */
    code = legality_code(s, code);
    uint64_t hkey, w;
    if (s->legality->options >= 0) {
        /* The compiled rules answer sooner than the memory: the replies are remembered under the
         * legal cards instead of the hand, so hands that agree there share them (fewer entries, a
         * hotter map), and legal cards that can merge skip the map. */
        uint32_t legal = compiled_legal(s->legality, hand, code, s->trump);
        uint32_t z = legal & s->mergeable;
        if (z & (z - 1))
            return merged_replies(s, legal, code, live, wcard, ours, last, at);
        hkey = legal | code;
        if (!map_get(&s->fixed, hkey, &w)) {
            Moves m;
            follow_order(s, legal, wcard, ours, last, &m);
            w = pack(&m);
            if (map_put(&s->fixed, hkey, w) < 0)
                return 0;
        }
        at->map = &s->fixed;
        at->key = hkey;
        return w;
    }
    hkey = hand | code;
    if (map_get(&s->fixed, hkey, &w)) {
        if (w & MERGING)
            return merged_replies(s, (uint32_t)w, code, live, wcard, ours, last, at);
        at->map = &s->fixed;
        at->key = hkey;
        return w;
    }
    uint64_t legal = legality_get(s->legality, hand, code, s->trump);
    if (legal == (uint64_t)-1)
        return 0;
    uint32_t z = (uint32_t)legal & s->mergeable;
    if (z & (z - 1)) {
        if (map_put(&s->fixed, hkey, legal | MERGING) < 0)
            return 0;
        return merged_replies(s, (uint32_t)legal, code, live, wcard, ours, last, at);
    }
    /* Nothing can merge: the replies do not depend on the other hands. */
    Moves m;
    follow_order(s, (uint32_t)legal, wcard, ours, last, &m);
    w = pack(&m);
    if (map_put(&s->fixed, hkey, w) < 0)
        return 0;
    at->map = &s->fixed;
    at->key = hkey;
    return w;
}

/* Ask the memory now for the remembered replies the loop will want next: the read overlaps the
 * search of the current card. */
static inline void prefetch_replies(const Core *s, uint32_t hand, uint64_t code) {
    code = legality_code(s, code);
    if (s->legality->options >= 0)
        hand = compiled_legal(s->legality, hand, code, s->trump); /* the key known_replies uses */
    __builtin_prefetch(&s->fixed.slots[slot_of(hand | code, s->fixed.bits)]);
}

/* Everyone holds one card: the trick plays itself. Points of ``seat``'s team. */
static int last_trick(const Core *s, int seat, uint32_t left) {
    int c = top_card(left & s->owners[seat]);
    int total = s->pts[c] + s->bonus;
    int wseat = seat, wcard = c;
    for (int i = 1; i < 4; i++) {
        int p = (seat + s->step * i) & 3;
        int d = top_card(left & s->owners[p]);
        total += s->pts[d];
        if (beats(s, d, wcard)) {
            wseat = p;
            wcard = d;
        }
    }
    return !((wseat ^ seat) & 1) ? total : 0;
}


#define FAIL (-(1 << 20)) /* a Python error is set: unwind */
#define BIT(c) ((uint32_t)1 << (c))

/* Points of the leader's team from the start of a trick to the end of the hand (Search.trick). */
static int trick(Core *s, int leader, uint32_t hk, int left, int rem, int alpha, int beta, int only) {
    s->nodes++;
    const uint32_t *owners = s->owners;
    const uint8_t *pts = s->pts, *st = s->strength;
    const int trump = s->trump, bonus = s->bonus;
    uint32_t hand0 = hk & owners[leader];
    if (left == 1)
        return last_trick(s, leader, hk);
    uint64_t key = tt_key(s, hk, leader);
    int top = rem + bonus;
    int64_t e0 = only < 0 ? tt_get(&s->table->map, key) : -1;
    int lo = 0, hi = top, first = only;
    if (e0 < 0) {
        if (only < 0) {
            uint64_t f;
            first = map_get(&s->killer, hand0, &f) ? (int)f - 1 : -1;
        }
        uint32_t trumps = s->trumps;
        uint32_t live_trumps = hk & trumps;
        uint32_t team = owners[leader] | owners[leader ^ 2];
        if (only < 0 && !(live_trumps & ~hand0)) {
            uint32_t others = hk ^ hand0, m = hand0;
            int masters = 0;
            while (m) {
                int c = low_card(m);
                uint32_t low = m & -m;
                m ^= low;
                if (!(higher(s, c) & others)) {
                    masters++;
                    if (!(low & trumps))
                        lo += pts[c];
                }
            }
            if (masters == left)
                lo = top;
        }
        if (live_trumps && lo < top) {
            uint32_t ours = live_trumps & team, theirs = live_trumps ^ ours, m;
            for (m = ours; m; m &= m - 1) {
                int c = low_card(m);
                if (!(higher(s, c) & theirs))
                    lo += pts[c];
            }
            if (theirs && lo == 0)
                for (m = theirs; m; m &= m - 1) {
                    int c = low_card(m);
                    if (!(higher(s, c) & ours))
                        hi -= pts[c];
                }
        }
    } else {
        lo = (int)(e0 & 511);
        hi = (int)(e0 >> 9 & 511);
        first = actual_card(s, (int)(e0 >> 18) - 1, hk);
    }
    if (lo >= beta)
        return lo;
    if (hi <= alpha)
        return hi;
    int a = alpha > lo ? alpha : lo;
    int b = beta < hi ? beta : hi;
    int a_in = a, b_in = b;
    int step = s->step;
    int s1 = (leader + step) & 3, s2 = (leader + 2 * step) & 3, s3 = (leader + 3 * step) & 3;
    uint32_t hand1 = hk & owners[s1], hand2 = hk & owners[s2], hand3 = hk & owners[s3];
    uint32_t live = hk;
    int nleft = left - 1;
    Moves moves0;
    if (only >= 0) {
        moves0.n = 1;
        moves0.k[0] = only;
    } else {
        lead_order(s, representatives(s, hand0, live), live, first, &moves0, hand0, owners[leader ^ 2]);
    }
    int best0 = -1, best_card = -1;
    for (int i0 = 0; i0 < moves0.n; i0++) {
        /* First card: the leader (maximises). */
        int c0 = moves0.k[i0] & 31;
        uint32_t hk0 = hk ^ BIT(c0);
        int led = c0 >> 3;
        int p0 = pts[c0];
        uint64_t code1 = (uint64_t)c0 << 32 | (uint64_t)1 << 47;
        Where at1;
        uint64_t list1 = known_replies(s, hand1, code1, live, c0, 0, 0, &at1);
        if (!list1)
            return FAIL;
        Moves moves1;
        unpack(list1, &moves1);
        int best1 = BIG, b1 = b;
        for (int i1 = 0; i1 < moves1.n; i1++) {
            /* Second card: an opponent (minimises). */
            int32_t k1 = moves1.k[i1];
            int c1 = k1 & 31;
            if (i1 + 1 < moves1.n)
                prefetch_replies(s, hand2, code1 | (uint64_t)(moves1.k[i1 + 1] & 31) << 37 | (uint64_t)1 << 48);
            uint32_t hk1 = hk0 ^ BIT(c1);
            int p1 = p0 + pts[c1];
            int w1, wc1;
            if (st[c1] > st[c0] && ((c1 >> 3) == led || (c1 >> 3) == trump)) {
                w1 = s1;
                wc1 = c1;
            } else {
                w1 = leader;
                wc1 = c0;
            }
            uint64_t code2 = code1 | (uint64_t)c1 << 37 | (uint64_t)1 << 48;
            Where at2;
            uint64_t list2 = known_replies(s, hand2, code2, live, wc1, w1 == leader, 0, &at2);
            if (!list2)
                return FAIL;
            Moves moves2;
            unpack(list2, &moves2);
            int best2 = -1, a2 = a;
            for (int i2 = 0; i2 < moves2.n; i2++) {
                /* Third card: the partner (maximises). */
                int32_t k2 = moves2.k[i2];
                int c2 = k2 & 31;
                if (i2 + 1 < moves2.n)
                    prefetch_replies(s, hand3, code2 | (uint64_t)(moves2.k[i2 + 1] & 31) << 42 | (uint64_t)1 << 49);
                uint32_t hk2 = hk1 ^ BIT(c2);
                int p2 = p1 + pts[c2];
                int w2, wc2;
                if (st[c2] > st[wc1] && ((c2 >> 3) == led || (c2 >> 3) == trump)) {
                    w2 = s2;
                    wc2 = c2;
                } else {
                    w2 = w1;
                    wc2 = wc1;
                }
                int sw2 = st[wc2];
                uint64_t code3 = code2 | (uint64_t)c2 << 42 | (uint64_t)1 << 49;
                Where at3;
                uint64_t list3 = known_replies(s, hand3, code3, live, wc2, w2 == s1, 1, &at3);
                if (!list3)
                    return FAIL;
                Moves moves3;
                unpack(list3, &moves3);
                int best3 = BIG, b3 = b1;
                int64_t ends[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
                if (left > 2) {
                    /* Enhanced transposition cut-off: does a trick ending already settle it? */
                    uint64_t keys3[8];
                    for (int i3 = 0; i3 < moves3.n; i3++) {
                        /* Every slot asked for at once: the memory reads overlap. */
                        int c3 = moves3.k[i3] & 31;
                        int w3 = st[c3] > sw2 && ((c3 >> 3) == led || (c3 >> 3) == trump) ? s3 : w2;
                        keys3[i3] = tt_key(s, hk2 ^ BIT(c3), w3);
                        __builtin_prefetch(&s->table->map.slots[slot_of(keys3[i3], s->table->map.bits)]);
                    }
                    for (int i3 = 0; i3 < moves3.n; i3++) {
                        int c3 = moves3.k[i3] & 31;
                        int w3 = st[c3] > sw2 && ((c3 >> 3) == led || (c3 >> 3) == trump) ? s3 : w2;
                        int64_t e = tt_get(&s->table->map, keys3[i3]);
                        ends[i3] = e;
                        if (e >= 0) {
                            int won = p2 + pts[c3], ub;
                            if ((w3 ^ leader) & 1)
                                ub = rem - won + bonus - (int)(e & 511);
                            else
                                ub = won + (int)(e >> 9 & 511);
                            if (ub <= a2) {
                                best3 = ub;
                                break;
                            }
                        }
                    }
                }
                if (best3 == BIG) {
                    for (int i3 = 0; i3 < moves3.n; i3++) {
                        /* Fourth card: an opponent (minimises); the trick is complete. */
                        int32_t k3 = moves3.k[i3];
                        int c3 = k3 & 31;
                        int won = p2 + pts[c3];
                        int w3 = st[c3] > sw2 && ((c3 >> 3) == led || (c3 >> 3) == trump) ? s3 : w2;
                        int r = rem - won;
                        uint32_t hk3 = hk2 ^ BIT(c3);
                        int v;
                        if (left == 2) {
                            int last = last_trick(s, w3, hk3);
                            v = !((w3 ^ leader) & 1) ? won + last : r + bonus - last;
                        } else if ((w3 ^ leader) & 1) {
                            int rt = r + bonus;
                            int64_t e = ends[i3];
                            if (e >= 0 && (int)(e & 511) >= rt - a2)
                                v = rt - (int)(e & 511);
                            else if (e >= 0 && (int)(e >> 9 & 511) <= rt - b3)
                                v = rt - (int)(e >> 9 & 511);
                            else {
                                int t = trick(s, w3, hk3, nleft, r, rt - b3, rt - a2, -1);
                                if (t == FAIL)
                                    return FAIL;
                                v = rt - t;
                            }
                        } else {
                            int64_t e = ends[i3];
                            if (e >= 0 && (int)(e & 511) >= b3 - won)
                                v = won + (int)(e & 511);
                            else if (e >= 0 && (int)(e >> 9 & 511) <= a2 - won)
                                v = won + (int)(e >> 9 & 511);
                            else {
                                int t = trick(s, w3, hk3, nleft, r, a2 - won, b3 - won, -1);
                                if (t == FAIL)
                                    return FAIL;
                                v = won + t;
                            }
                        }
                        if (v < best3) {
                            best3 = v;
                            if (v < b3) {
                                b3 = v;
                                if (b3 <= a2) {
                                    if (k3 != moves3.k[0])
                                        to_front(at3, k3);
                                    break;
                                }
                            }
                        }
                    }
                }
                if (best3 > best2) {
                    best2 = best3;
                    if (best3 > a2) {
                        a2 = best3;
                        if (a2 >= b1) {
                            if (k2 != moves2.k[0])
                                to_front(at2, k2);
                            break;
                        }
                    }
                }
            }
            if (best2 < best1) {
                best1 = best2;
                if (best2 < b1) {
                    b1 = best2;
                    if (b1 <= a) {
                        if (k1 != moves1.k[0])
                            to_front(at1, k1);
                        break;
                    }
                }
            }
        }
        if (best1 > best0) {
            best0 = best1;
            best_card = c0;
            if (best1 > a) {
                a = best1;
                if (a >= b)
                    break;
            }
        }
    }
    if (only < 0) {
        /* The bounds this search proved (fail-soft: best0 may lie beyond the window). */
        if (best0 <= a_in)
            hi = best0;
        else if (best0 >= b_in)
            lo = best0;
        else {
            lo = best0;
            hi = best0;
        }
        int stored = best_card < 0 ? -1 : canonical_card(s, best_card, hk);
        if (tt_put(&s->table->map, key, (uint64_t)(lo | hi << 9 | (stored + 1) << 18)) < 0 ||
            map_put(&s->killer, hand0, (uint32_t)(best_card + 1)) < 0)
            return FAIL;
    }
    return best0;
}

/* ---- Core as a Python object ------------------------------------------------------------ */

static int read_bytes32(PyObject *o, uint8_t *out, const char *what) {
    char *buf;
    Py_ssize_t n;
    if (PyBytes_AsStringAndSize(o, &buf, &n) < 0)
        return -1;
    if (n != 32) {
        PyErr_Format(PyExc_ValueError, "%s: 32 bytes expected", what);
        return -1;
    }
    memcpy(out, buf, 32);
    return 0;
}

static void Core_free_maps(Core *self) {
    map_free(&self->fixed);
    map_free(&self->order_cache);
    map_free(&self->killer);
    for (int i = 0; i < 4; i++) {
        PyMem_Free(self->eq_table[i]);
        self->eq_table[i] = NULL;
    }
}

/* Core(owners, step, trump, bonus, pts, strength, above, trumps, mergeable, suit_tables, legality, table) */
static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"owners", "step", "trump", "bonus", "pts", "strength", "above", "trumps",
                             "mergeable", "suit_tables", "legality", "table", NULL};
    PyObject *owners, *pts, *strength, *above, *tables, *legal, *table;
    unsigned long trumps, mergeable;
    if (self->legality) {
        PyErr_SetString(PyExc_RuntimeError, "a Core is initialised once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiiSSSkkOO!O!", kwlist, &owners, &self->step, &self->trump,
                                     &self->bonus, &pts, &strength, &above, &trumps, &mergeable, &tables,
                                     &LegalityType, &legal, &TableType, &table))
        return -1;
    if (read_bytes32(pts, self->pts, "pts") < 0 || read_bytes32(strength, self->strength, "strength") < 0 ||
        read_bytes32(above, self->above, "above") < 0)
        return -1;
    self->trumps = (uint32_t)trumps;
    self->mergeable = (uint32_t)mergeable;
    if (!PySequence_Check(owners) || PySequence_Size(owners) != 4 || !PySequence_Check(tables) ||
        PySequence_Size(tables) != 4) {
        PyErr_SetString(PyExc_ValueError, "four owners and four suit tables expected");
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        PyObject *o = PySequence_GetItem(owners, i);
        if (!o)
            return -1;
        self->owners[i] = (uint32_t)PyLong_AsUnsignedLong(o);
        Py_DECREF(o);
        /* (shift, mergeable mask, width, drop table) as in equivalence.SUIT_TABLES */
        PyObject *t = PySequence_GetItem(tables, i);
        if (!t)
            return -1;
        unsigned long shift, mask;
        int width;
        PyObject *drop;
        int ok = PyArg_ParseTuple(t, "kkiO", &shift, &mask, &width, &drop);
        if (ok && (shift != 8 * (unsigned long)i || width < 0 || width > 8)) {
            PyErr_SetString(PyExc_ValueError, "a suit table does not fit");
            ok = 0;
        }
        Py_ssize_t size = ok ? PySequence_Size(drop) : -1;
        if (ok && size != ((Py_ssize_t)1 << (2 * width))) {
            PyErr_SetString(PyExc_ValueError, "a drop table has the wrong size");
            ok = 0;
        }
        if (ok) {
            self->eq_mask[i] = (uint32_t)mask;
            self->eq_width[i] = width;
            self->eq_table[i] = PyMem_Calloc((size_t)size, 1);
            if (!self->eq_table[i]) {
                PyErr_NoMemory();
                ok = 0;
            }
            for (Py_ssize_t j = 0; ok && j < size; j++) {
                PyObject *d = PySequence_GetItem(drop, j);
                if (!d) {
                    ok = 0;
                    break;
                }
                self->eq_table[i][j] = (uint8_t)PyLong_AsUnsignedLong(d);
                Py_DECREF(d);
            }
        }
        Py_DECREF(t);
        if (!ok || PyErr_Occurred())
            return -1;
    }
    for (int su = 0; su < 4; su++) {
        int w = 8 * su;
        for (int c = 8 * su; c < 8 * su + 8; c++)
            if (self->strength[c] < self->strength[w])
                w = c;
        self->weakest[su] = (uint8_t)w;
    }
    for (int su = 0; su < 4; su++) {
        /* The owners of the k mergeable cards left, weakest first, as a number: (4^k - 1) / 3 plus
         * their base-4 digits; the first set with a given number stands for the others. */
        int codes[8];
        for (uint32_t held = 0; held < 8; held++) {
            int code = 0, digit = 1;
            self->zrep[su][held] = (uint8_t)held;
            for (int r = 0; r < 8; r++)
                if ((held & self->eq_mask[su]) >> r & 1) {
                    int c = 8 * su + r, owner = 0;
                    while (owner < 3 && !(self->owners[owner] >> c & 1))
                        owner++;
                    code += owner * digit;
                    digit *= 4;
                }
            codes[held] = code + (digit - 1) / 3;
            for (uint32_t h = 0; h < held; h++)
                if (codes[h] == codes[held] && (h & ~self->eq_mask[su]) == 0) {
                    self->zrep[su][held] = (uint8_t)h;
                    break;
                }
        }
    }
    if (map_alloc(&self->fixed, 10) < 0 ||
        map_alloc(&self->order_cache, 10) < 0 || map_alloc(&self->killer, 8) < 0)
        return -1;
    Py_INCREF(legal);
    self->legality = (Legality *)legal;
    Py_INCREF(table);
    self->table = (Table *)table;
    return 0;
}

static void Core_dealloc(Core *self) {
    Core_free_maps(self);
    Py_XDECREF(self->legality);
    Py_XDECREF(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Core_trick(Core *self, PyObject *args) {
    int leader, left, rem, alpha, beta, only = -1;
    unsigned long long hk;
    if (!PyArg_ParseTuple(args, "iKiiii|i", &leader, &hk, &left, &rem, &alpha, &beta, &only))
        return NULL;
    if (leader < 0 || leader > 3 || hk == 0 || hk >> 32 || left < 1 || left > 8 || only > 31) {
        PyErr_SetString(PyExc_ValueError, "not a trick start");
        return NULL;
    }
    int v = trick(self, leader, (uint32_t)hk, left, rem, alpha, beta, only);
    if (v == FAIL)
        return NULL;
    return PyLong_FromLong(v);
}

static PyObject *Core_best_lead(Core *self, PyObject *args) {
    int leader;
    unsigned long long hk;
    if (!PyArg_ParseTuple(args, "iK", &leader, &hk))
        return NULL;
    if (leader < 0 || leader > 3 || hk == 0 || hk >> 32) {
        PyErr_SetString(PyExc_ValueError, "not a trick start");
        return NULL;
    }
    int64_t e = tt_get(&self->table->map, tt_key(self, (uint32_t)hk, leader));
    return PyLong_FromLong(e < 0 ? -1 : actual_card(self, (int)(e >> 18) - 1, (uint32_t)hk));
}

static PyObject *Core_get_nodes(Core *self, void *closure) { return PyLong_FromLongLong(self->nodes); }

static int Core_set_nodes(Core *self, PyObject *value, void *closure) {
    if (!value) {
        PyErr_SetString(PyExc_TypeError, "nodes cannot be deleted");
        return -1;
    }
    long long n = PyLong_AsLongLong(value);
    if (n == -1 && PyErr_Occurred())
        return -1;
    self->nodes = n;
    return 0;
}

static PyObject *Core_get_table(Core *self, void *closure) {
    Py_INCREF(self->table);
    return (PyObject *)self->table;
}

static PyObject *Core_get_sizes(Core *self, void *closure) {
    return Py_BuildValue("(nnnn)", (Py_ssize_t)self->fixed.count, (Py_ssize_t)self->order_cache.count,
                         (Py_ssize_t)self->killer.count, (Py_ssize_t)self->table->map.count);
}

static PyGetSetDef Core_getset[] = {
    {"sizes", (getter)Core_get_sizes, NULL, "Entries in the maps (replies or legal cards, merged replies, killers, table).", NULL},
    {"nodes", (getter)Core_get_nodes, (setter)Core_set_nodes, "Trick starts searched.", NULL},
    {"table", (getter)Core_get_table, NULL, "The transposition table.", NULL},
    {NULL},
};

static PyMethodDef Core_methods[] = {
    {"trick", (PyCFunction)Core_trick, METH_VARARGS,
     "trick(leader, hk, left, rem, alpha, beta, only=-1): Search.trick in C."},
    {"best_lead", (PyCFunction)Core_best_lead, METH_VARARGS,
     "best_lead(leader, hk): the best lead the table knows at this trick start, -1 when none."},
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.solver._native.Core",
    .tp_doc = "The search of one deal (search.Search.trick in C).",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "engine.solver._native",
    .m_doc = "The solver's search in C (engine/solver/native.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&LegalityType) < 0 || PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (!m)
        return NULL;
    Py_INCREF(&TableType);
    Py_INCREF(&CoreType);
    Py_INCREF(&LegalityType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddObject(m, "Legality", (PyObject *)&LegalityType) < 0 ||
        PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
