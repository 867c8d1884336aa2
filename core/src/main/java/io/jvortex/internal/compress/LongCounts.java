package io.jvortex.internal.compress;

import java.util.Arrays;

/**
 * Counts occurrences of {@code long} keys (an open-addressing hash table, no boxing) and remembers
 * the order in which keys first appeared, so dictionaries built from it are deterministic.
 */
public final class LongCounts {
    private static final long EMPTY_SLOT = -1;
    private long[] keys;
    private int[] slots;
    private long[] order;
    private int[] counts;
    private int size;
    private int mask;

    /** @param expected a hint for the number of distinct keys */
    public LongCounts(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        slots = new int[cap];
        Arrays.fill(slots, (int) EMPTY_SLOT);
        keys = new long[cap];
        mask = cap - 1;
        order = new long[Math.max(8, expected)];
        counts = new int[order.length];
    }

    /**
     * Adds one occurrence.
     *
     * @param key the key
     * @return the key's index in first-appearance order
     */
    public int add(long key) {
        int i = find(key);
        int id = slots[i];
        if (id < 0) {
            id = insert(i, key);
        }
        counts[id]++;
        return id;
    }

    /**
     * @param key a key
     * @return its index in first-appearance order, or -1 when never added
     */
    public int indexOf(long key) {
        return slots[find(key)];
    }

    /** @return the number of distinct keys */
    public int size() {
        return size;
    }

    /**
     * @param id an index in first-appearance order
     * @return the key
     */
    public long key(int id) {
        return order[id];
    }

    /**
     * @param id an index in first-appearance order
     * @return how often the key was added
     */
    public int count(int id) {
        return counts[id];
    }

    /** @return the index of the most frequent key (the first to appear among equals), -1 when empty */
    public int mostFrequent() {
        int best = -1;
        for (int id = 0; id < size; id++) {
            if (best < 0 || counts[id] > counts[best]) {
                best = id;
            }
        }
        return best;
    }

    private int find(long key) {
        int i = (int) mix(key) & mask;
        while (slots[i] >= 0 && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private int insert(int slot, long key) {
        if (size == order.length) {
            order = Arrays.copyOf(order, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        int id = size++;
        order[id] = key;
        slots[slot] = id;
        keys[slot] = key;
        if (size * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int cap = slots.length * 2;
        slots = new int[cap];
        Arrays.fill(slots, (int) EMPTY_SLOT);
        keys = new long[cap];
        mask = cap - 1;
        for (int id = 0; id < size; id++) {
            int i = find(order[id]);
            slots[i] = id;
            keys[i] = order[id];
        }
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        return x;
    }
}
