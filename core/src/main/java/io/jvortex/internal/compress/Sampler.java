package io.jvortex.internal.compress;

import io.jvortex.array.Allocator;
import io.jvortex.array.Canonical;
import io.jvortex.array.Concat;
import io.jvortex.array.VarBinArray;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Samples an array for scheme estimation as the reference does: arrays of more than
 * {@code 16 × 64} values give {@code k = max(16, roundUp16(len / 100 / 64))} slices of 64 consecutive
 * values (about 1 %), one at a random start inside each of {@code k} equal partitions. The random
 * generator is seeded with a constant, so sampling is deterministic.
 */
public final class Sampler {
    /** Values per slice. */
    public static final int SLICE = 64;
    /** Minimum number of slices. */
    public static final int MIN_SLICES = 16;
    private static final long SEED = 1234567890L;

    private Sampler() {
    }

    /**
     * @param array the array
     * @return the array itself when small, else a concatenation of slices
     */
    public static Canonical sample(Canonical array) {
        int len = array.length();
        if (len <= SLICE * MIN_SLICES) {
            return array;
        }
        int k = Math.max(MIN_SLICES, roundUp16(len / 100 / SLICE));
        if ((long) k * SLICE >= len) {
            return array;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        List<Canonical> slices = new ArrayList<>(k);
        long partition = len / k;
        for (int i = 0; i < k; i++) {
            long start = i * partition;
            long room = Math.max(1, partition - SLICE + 1);
            int at = (int) Math.min(len - SLICE, start + random.nextLong(room));
            slices.add(array.slice(at, SLICE));
        }
        Allocator alloc = bytes -> Arena.ofAuto().allocate(bytes, 8);
        // strings in the offsets form (the writer's usual input) stay in it: one copy of the sampled
        // bytes, where a concatenation into views would build a view per row
        return array instanceof VarBinArray
                ? VarBins.concat(array.dtype(), slices, alloc)
                : Concat.concat(array.dtype(), slices, alloc);
    }

    private static int roundUp16(int n) {
        return (n + 15) & ~15;
    }
}
