package io.jvortex.internal.compress;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import java.util.Arrays;

/**
 * Facts about one array that several schemes need, computed on first use and cached (not
 * thread-safe: one instance per compression call). Integer facts hold values as {@code long}s:
 * signed types sign-extended, unsigned ones zero-extended; u64 minimum and maximum compare
 * unsigned (so a u64 {@link #minLong()} may be negative as a Java {@code long}); only valid
 * (non-null) positions count.
 */
public final class ArrayFacts {
    private final Canonical array;
    private int nullCount = -1;
    private boolean minMaxDone;
    private long minLong;
    private long maxLong;
    private int runCount = -1;
    private int distinctCap;
    private int distinctCount = -1;
    private LongCounts counts;
    private long[] longs;
    private Boolean constant;
    private boolean majorityDone;
    private long majorityValue;
    private int majorityCount;

    /** @param array the array described */
    public ArrayFacts(Canonical array) {
        this.array = array;
    }

    /** @return the array described */
    public Canonical array() {
        return array;
    }

    /** @return rows */
    public int length() {
        return array.length();
    }

    /** @return null rows */
    public int nullCount() {
        if (nullCount < 0) {
            nullCount = array.dtype().nullable() ? array.validity().nullCount(array.length()) : 0;
        }
        return nullCount;
    }

    /** @return non-null rows */
    public int validCount() {
        return length() - nullCount();
    }

    /** @return the smallest valid integer value (0 when none); primitive integer arrays only */
    public long minLong() {
        minMax();
        return minLong;
    }

    /** @return the largest valid integer value (0 when none); primitive integer arrays only */
    public long maxLong() {
        minMax();
        return maxLong;
    }

    private void minMax() {
        if (minMaxDone) {
            return;
        }
        PrimitiveArray p = (PrimitiveArray) array;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        boolean any = false;
        boolean allValid = nullCount() == 0;
        boolean unsigned64 = p.ptype() == io.jvortex.dtype.PType.U64;
        if (unsigned64) {
            min = -1;
            max = 0;
        }
        long[] values = longs();
        for (int i = 0; i < values.length; i++) {
            if (allValid || p.isValid(i)) {
                long v = values[i];
                if (unsigned64) {
                    min = Long.compareUnsigned(v, min) < 0 ? v : min;
                    max = Long.compareUnsigned(v, max) > 0 ? v : max;
                } else {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
                any = true;
            }
        }
        minLong = any ? min : 0;
        maxLong = any ? max : 0;
        minMaxDone = true;
    }

    /**
     * @return the number of runs of equal consecutive valid values (nulls break nothing and count
     *         nothing); primitive arrays compare bit patterns
     */
    public int runCount() {
        if (runCount >= 0) {
            return runCount;
        }
        int runs = 0;
        if (array instanceof PrimitiveArray p) {
            long[] values = longs();
            if (nullCount() == 0) {
                // without a branch per value: random data would mispredict half of them
                if (values.length > 0) {
                    runs = 1;
                    for (int i = 1; i < values.length; i++) {
                        runs += values[i] != values[i - 1] ? 1 : 0;
                    }
                }
            } else {
                boolean have = false;
                long prev = 0;
                for (int i = 0; i < values.length; i++) {
                    if (!p.isValid(i)) {
                        continue;
                    }
                    long v = values[i];
                    if (!have || v != prev) {
                        runs++;
                        prev = v;
                        have = true;
                    }
                }
            }
        } else {
            StringRows rows = new StringRows(array);
            byte[] prev = null;
            int prevLength = 0;
            boolean allValid = nullCount() == 0;
            for (int i = 0; i < array.length(); i++) {
                if (!allValid && !array.isValid(i)) {
                    continue;
                }
                int n = rows.load(i);
                byte[] v = rows.bytes();
                if (prev == null || !Arrays.equals(v, 0, n, prev, 0, prevLength)) {
                    runs++;
                    prev = prev == null || prev.length < n ? Arrays.copyOf(v, Math.max(n, 16)) : prev;
                    System.arraycopy(v, 0, prev, 0, n);
                    prevLength = n;
                }
            }
        }
        runCount = runs;
        return runs;
    }

    /**
     * @return the values of a primitive array as {@link Primitives#toLongs} gives them, converted once
     *         and shared: callers must not modify the array (clone it first)
     */
    public long[] longs() {
        if (longs == null) {
            longs = Primitives.toLongs((PrimitiveArray) array);
        }
        return longs;
    }

    /**
     * The value held by more than half of the valid rows, found without a hash table (a majority
     * vote, then one counting pass); primitive arrays only.
     *
     * @return how many valid rows hold {@link #majorityValue()}; when that is at most half of the
     *         valid rows, no value is a majority and the count says nothing about other values
     */
    public int majorityCount() {
        majority();
        return majorityCount;
    }

    /** @return the candidate of {@link #majorityCount()} (raw bits as {@link #longs()} gives them) */
    public long majorityValue() {
        majority();
        return majorityValue;
    }

    private void majority() {
        if (majorityDone) {
            return;
        }
        PrimitiveArray p = (PrimitiveArray) array;
        long[] values = longs();
        boolean allValid = nullCount() == 0;
        long candidate = 0;
        int votes = 0;
        int count = 0;
        if (allValid) {
            // Boyer-Moore voting and the count without a branch per value (random data mispredicts them)
            for (long v : values) {
                candidate = votes == 0 ? v : candidate;
                votes += v == candidate ? 1 : -1;
            }
            for (long v : values) {
                count += v == candidate ? 1 : 0;
            }
        } else {
            for (int i = 0; i < values.length; i++) {
                if (p.isValid(i)) {
                    if (votes == 0) {
                        candidate = values[i];
                        votes = 1;
                    } else if (values[i] == candidate) {
                        votes++;
                    } else {
                        votes--;
                    }
                }
            }
            for (int i = 0; i < values.length; i++) {
                if (values[i] == candidate && p.isValid(i)) {
                    count++;
                }
            }
        }
        majorityValue = candidate;
        majorityCount = count;
        majorityDone = true;
    }

    /**
     * @return every distinct valid value's raw bits (as {@link PrimitiveArray#getLong} gives them, so
     *         floats by bits) with its count, in first-appearance order; primitive arrays only
     */
    public LongCounts counts() {
        if (counts == null) {
            PrimitiveArray p = (PrimitiveArray) array;
            LongCounts c = new LongCounts(Math.min(p.length(), 1024));
            boolean allValid = nullCount() == 0;
            long[] values = longs();
            for (int i = 0; i < values.length; i++) {
                if (allValid || p.isValid(i)) {
                    c.add(values[i]);
                }
            }
            counts = c;
        }
        return counts;
    }

    /**
     * @return whether every valid value is the same (bit-equal for floats, byte-equal for strings;
     *         {@code true} when there is at most one valid value)
     */
    public boolean validValuesConstant() {
        if (constant == null) {
            constant = computeConstant();
        }
        return constant;
    }

    private boolean computeConstant() {
        int first = -1;
        for (int i = 0; i < array.length(); i++) {
            if (array.isValid(i)) {
                first = i;
                break;
            }
        }
        if (first < 0) {
            return true;
        }
        switch (array) {
            case PrimitiveArray p -> {
                long[] values = longs();
                long v = values[first];
                for (int i = first + 1; i < values.length; i++) {
                    if (values[i] != v && p.isValid(i)) {
                        return false;
                    }
                }
            }
            case io.jvortex.array.BoolArray b -> {
                boolean v = b.value(first);
                for (int i = first + 1; i < b.length(); i++) {
                    if (b.value(i) != v && b.isValid(i)) {
                        return false;
                    }
                }
            }
            case io.jvortex.array.DecimalArray d -> {
                java.math.BigInteger v = d.getUnscaled(first);
                for (int i = first + 1; i < d.length(); i++) {
                    if (d.isValid(i) && !d.getUnscaled(i).equals(v)) {
                        return false;
                    }
                }
            }
            case VarBinArray v -> {
                return distinctCount(1) <= 1;
            }
            case VarBinViewArray v -> {
                return distinctCount(1) <= 1;
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * @param cap stop counting beyond this many
     * @return the number of distinct valid values, or {@code cap + 1} when there are more than
     *         {@code cap}
     */
    public int distinctCount(int cap) {
        if (distinctCount >= 0 && (distinctCap >= cap || distinctCount <= distinctCap)) {
            return Math.min(distinctCount, cap + 1);
        }
        int count;
        if (array instanceof PrimitiveArray) {
            count = counts().size();
        } else if (array instanceof VarBinArray || array instanceof VarBinViewArray) {
            BytesSet seen = new BytesSet();
            StringRows rows = new StringRows(array);
            boolean allValid = nullCount() == 0;
            for (int i = 0; i < array.length() && seen.size() <= cap; i++) {
                if (allValid || array.isValid(i)) {
                    int n = rows.load(i);
                    seen.add(rows.bytes(), n);
                }
            }
            count = seen.size();
        } else {
            throw new IllegalArgumentException("distinct count of " + array.dtype().display());
        }
        distinctCount = count;
        distinctCap = cap;
        return Math.min(count, cap + 1);
    }
}
