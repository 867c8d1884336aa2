package io.jvortex.internal.compress;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A set of byte strings kept in one growing heap array (open addressing over 64-bit hashes), for
 * counting distinct values without an object per value.
 */
final class BytesSet {
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    private int[] slots = new int[64];
    private long[] hashes = new long[64];
    private int[] starts = new int[33];
    private byte[] data = new byte[1024];
    private int size;

    BytesSet() {
        Arrays.fill(slots, -1);
    }

    /** @return the number of distinct strings added */
    int size() {
        return size;
    }

    /**
     * Adds {@code v[0, n)} unless present.
     *
     * @param v the bytes
     * @param n how many
     */
    void add(byte[] v, int n) {
        long h = hash(v, n);
        int mask = slots.length - 1;
        int s = (int) h & mask;
        for (; slots[s] >= 0; s = (s + 1) & mask) {
            int e = slots[s];
            if (hashes[s] == h && starts[e + 1] - starts[e] == n
                    && Arrays.equals(data, starts[e], starts[e] + n, v, 0, n)) {
                return;
            }
        }
        if (size + 2 >= starts.length) {
            starts = Arrays.copyOf(starts, starts.length * 2);
        }
        int end = starts[size] + n;
        if (end > data.length) {
            data = Arrays.copyOf(data, Math.max(end, 2 * data.length));
        }
        System.arraycopy(v, 0, data, starts[size], n);
        starts[size + 1] = end;
        slots[s] = size;
        hashes[s] = h;
        size++;
        if (2 * size > slots.length) {
            grow();
        }
    }

    private void grow() {
        int[] oldSlots = slots;
        long[] oldHashes = hashes;
        slots = new int[oldSlots.length * 2];
        hashes = new long[slots.length];
        Arrays.fill(slots, -1);
        int mask = slots.length - 1;
        for (int i = 0; i < oldSlots.length; i++) {
            if (oldSlots[i] >= 0) {
                int s = (int) oldHashes[i] & mask;
                while (slots[s] >= 0) {
                    s = (s + 1) & mask;
                }
                slots[s] = oldSlots[i];
                hashes[s] = oldHashes[i];
            }
        }
    }

    private static long hash(byte[] v, int n) {
        long h = 0x9E3779B97F4A7C15L ^ n;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            h = mix(h ^ (long) LONG_LE.get(v, i));
        }
        long tail = 0;
        for (; i < n; i++) {
            tail = (tail << 8) | (v[i] & 0xFF);
        }
        return mix(h ^ tail);
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        return x ^ (x >>> 33);
    }
}
