package io.jvortex.internal.flatbuffers;

/**
 * The offsets of the flatbuffer tables a parser has visited (open addressing over {@code long}s, no
 * boxing), so that a table reached twice, which makes a graph of a tree, is noticed cheaply.
 */
public final class OffsetSet {
    private long[] slots = new long[256];
    private int size;

    /** An empty set. */
    public OffsetSet() {
    }

    /**
     * @param offset a table's absolute offset (non-negative)
     * @return whether it was not in the set before
     */
    public boolean add(long offset) {
        long key = offset + 1; // 0 marks an empty slot
        int mask = slots.length - 1;
        int i = (int) mix(key) & mask;
        while (slots[i] != 0) {
            if (slots[i] == key) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = key;
        if (2 * ++size > slots.length) {
            grow();
        }
        return true;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long key : old) {
            if (key != 0) {
                int i = (int) mix(key) & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = key;
            }
        }
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        return x ^ (x >>> 33);
    }
}
