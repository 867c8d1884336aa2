package io.jvortex.expr;

import io.jvortex.scalar.Scalar;
import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The derived forms of a long IN list: its items' keys in a hash set (evaluation) and its items sorted
 * (pruning). A scan binds its filter once and then evaluates it chunk after chunk and prunes zone after
 * zone, so each form is built once per list and thread: every thread keeps the few lists it asked for
 * last, by identity and softly, so that a large list never stays only for this cache.
 */
final class InLists {
    private static final int KEPT = 4;
    private static final ThreadLocal<ArrayList<SoftReference<InLists>>> LAST =
            ThreadLocal.withInitial(ArrayList::new);

    private final List<Expr> list;
    private Scalar[] sorted;
    private boolean sortedBuilt;
    private KeySet integerKeys;
    private KeySet floatKeys;
    private Boolean hasNull;

    private InLists(List<Expr> list) {
        this.list = list;
    }

    /**
     * @param list the items of an IN (literals of one type)
     * @return its derived forms, built when first asked for
     */
    static InLists of(List<Expr> list) {
        ArrayList<SoftReference<InLists>> kept = LAST.get();
        for (SoftReference<InLists> ref : kept) {
            InLists forms = ref.get();
            if (forms != null && forms.list == list) {
                return forms;
            }
        }
        InLists forms = new InLists(list);
        if (kept.size() == KEPT) {
            kept.removeLast();
        }
        kept.addFirst(new SoftReference<>(forms));
        return forms;
    }

    /**
     * @param isFloat whether the keys are of a float column ({@link Evaluator#floatKey}) or of an integer one
     * @return the keys of the non-null items, as the comparison path computes them
     */
    KeySet keys(boolean isFloat) {
        KeySet set = isFloat ? floatKeys : integerKeys;
        if (set == null) {
            set = new KeySet(list.size());
            for (Expr item : list) {
                Scalar s = ((Expr.Literal) item).value();
                if (!s.isNull()) {
                    set.add(isFloat ? Evaluator.floatKey(s.asDouble()) : s.asLong());
                }
            }
            if (isFloat) {
                floatKeys = set;
            } else {
                integerKeys = set;
            }
        }
        return set;
    }

    /** @return whether an item is null */
    boolean hasNull() {
        if (hasNull == null) {
            boolean found = false;
            for (Expr item : list) {
                found |= ((Expr.Literal) item).value().isNull();
            }
            hasNull = found;
        }
        return hasNull;
    }

    /** @return the non-null items in ascending order, or null when their values have no order here */
    Scalar[] sorted() {
        if (!sortedBuilt) {
            sorted = sort(list);
            sortedBuilt = true;
        }
        return sorted;
    }

    private static Scalar[] sort(List<Expr> list) {
        List<Scalar> values = new ArrayList<>(list.size());
        for (Expr item : list) {
            Scalar v = ((Expr.Literal) item).value();
            if (v.isNull()) {
                continue;
            }
            Object o = v.value();
            boolean ordered = Evaluator.isFloat(v.dtype()) ? o instanceof Number
                    : o instanceof Long || o instanceof Boolean || o instanceof java.math.BigInteger
                            || o instanceof byte[];
            if (!ordered) {
                return null;
            }
            values.add(v);
        }
        Scalar[] out = values.toArray(Scalar[]::new);
        if (out.length > 0) {
            boolean isFloat = Evaluator.isFloat(out[0].dtype());
            Arrays.sort(out, isFloat
                    ? (a, b) -> Long.compare(Evaluator.floatKey(a.asDouble()), Evaluator.floatKey(b.asDouble()))
                    : (a, b) -> Pruning.order(a, b, false, false));
        }
        return out;
    }

    /** An open-addressing set of longs (linear probing, load at most one half). */
    static final class KeySet {
        private static final long EMPTY = Long.MIN_VALUE;
        private final long[] table;
        private final int shift;
        private boolean hasEmpty;

        KeySet(int expected) {
            int bits = Math.max(4, 64 - Long.numberOfLeadingZeros(Math.max(1, (long) expected) * 2 - 1));
            if (bits > 30) {
                throw new IllegalArgumentException("too many keys for a set: " + expected);
            }
            table = new long[1 << bits];
            Arrays.fill(table, EMPTY);
            shift = 64 - bits;
        }

        private int slot(long key) {
            return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
        }

        void add(long key) {
            if (key == EMPTY) {
                hasEmpty = true;
                return;
            }
            int mask = table.length - 1;
            for (int i = slot(key); ; i = (i + 1) & mask) {
                long k = table[i];
                if (k == key) {
                    return;
                }
                if (k == EMPTY) {
                    table[i] = key;
                    return;
                }
            }
        }

        boolean contains(long key) {
            if (key == EMPTY) {
                return hasEmpty;
            }
            long[] t = table;
            int mask = t.length - 1;
            for (int i = slot(key); ; i = (i + 1) & mask) {
                long k = t[i];
                if (k == key) {
                    return true;
                }
                if (k == EMPTY) {
                    return false;
                }
            }
        }
    }

}
