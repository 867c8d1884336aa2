package io.jvortex.internal.pco;

import java.util.Arrays;

/**
 * Chooses the bins of one latent variable the way pco's encoder does: an equal-count histogram of
 * the sorted latents (runs of one value never split, long runs get their own bin), an exactly
 * optimal merge of adjacent histogram bins under an estimated bit cost (ANS symbol cost + offset
 * bits + bin metadata), then tANS weights quantized to a power-of-two table.
 */
final class BinTrainer {
    /** Pco's default compression level, which sets the histogram resolution. */
    static final int COMPRESSION_LEVEL = 8;
    private static final int MAX_ANS_SIZE_LOG = 12;
    /** Pco prefers one bin (faster decoding) unless many bins save this many bits per latent. */
    private static final double SINGLE_BIN_SPEEDUP_BITS = 0.1;
    private static final double TRIVIAL_OFFSET_SPEEDUP_BITS = 0.1;

    private BinTrainer() {
    }

    /**
     * Trained bins: ascending, non-overlapping ranges {@code [lowers[i], lowers[i] + 2^offsetBits[i])}
     * covering every latent, with tANS weights summing to {@code 2^sizeLog}.
     *
     * @param sizeLog tANS table size log
     * @param lowers bin lower bounds (unsigned)
     * @param offsetBits offset widths
     * @param weights tANS weights
     * @param counts latents per bin
     */
    record Bins(int sizeLog, long[] lowers, int[] offsetBits, int[] weights, long[] counts) {
        static final Bins EMPTY = new Bins(0, new long[0], new int[0], new int[0], new long[0]);

        int size() {
            return lowers.length;
        }

        /** @return the index of the bin holding {@code latent} (the last bin whose lower bound is at most it) */
        int find(long latent) {
            int lo = 0;
            int hi = lowers.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (Long.compareUnsigned(lowers[mid], latent) <= 0) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo;
        }

        /** @return the chunk-metadata bits these bins take for {@code latentBits}-bit latents */
        long metaBits(int latentBits) {
            return 4 + 15 + (long) size() * (sizeLog + latentBits + offsetBitsBits(latentBits));
        }

        /** @return the estimated page-body bits of the latents the bins were trained on */
        double bodyBits() {
            if (size() <= 1) {
                return size() == 0 ? 0 : (double) counts[0] * offsetBits[0];
            }
            double bits = 0;
            for (int i = 0; i < size(); i++) {
                bits += counts[i] * (sizeLog - log2(weights[i]) + offsetBits[i]);
            }
            return bits;
        }
    }

    /** @return bits of the offset-width field of a bin for {@code latentBits}-bit latents */
    static int offsetBitsBits(int latentBits) {
        return 32 - Integer.numberOfLeadingZeros(latentBits);
    }

    /** Pco's histogram resolution for a chunk of {@code n} values at compression level 8. */
    static int unoptimizedBinsLog(int n) {
        int logN = n <= 1 ? 0 : 31 - Integer.numberOfLeadingZeros(n);
        int fast = Math.max(0, logN - 4);
        return COMPRESSION_LEVEL <= fast ? COMPRESSION_LEVEL : fast + (COMPRESSION_LEVEL - fast) / 2;
    }

    /**
     * Trains bins on latents.
     *
     * @param latents the latents; sorted in place
     * @param n how many of them
     * @param latentBits the latent width
     * @param binsLog the histogram resolution (log2 of the bin count before merging)
     * @return the bins
     */
    static Bins train(long[] latents, int n, int latentBits, int binsLog) {
        if (n == 0) {
            return Bins.EMPTY;
        }
        sortUnsigned(latents, n);
        long[][] hist = histogram(latents, n, binsLog);
        int nLogCeil = n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1L);
        int estimatedSizeLog = Math.min(Math.min(binsLog + 2, MAX_ANS_SIZE_LOG), nLogCeil);
        long[][] optimized = optimize(hist, estimatedSizeLog, latentBits);
        long[] counts = optimized[0];
        long[] lowers = optimized[1];
        long[] uppers = optimized[2];
        int nBins = counts.length;
        int[] offsetBits = new int[nBins];
        for (int i = 0; i < nBins; i++) {
            offsetBits[i] = bitsToEncodeOffset(uppers[i] - lowers[i]);
        }
        int[] weights = new int[nBins];
        int sizeLog = quantizeWeights(counts, n, estimatedSizeLog, weights);
        return new Bins(sizeLog, lowers, offsetBits, weights, counts);
    }

    static int bitsToEncodeOffset(long maxOffset) {
        return 64 - Long.numberOfLeadingZeros(maxOffset);
    }

    /**
     * Sorts unsigned longs: small inputs with {@code Arrays.sort}, large ones by LSD radix sort over
     * the bytes that are not the same in every value (latents usually differ only in their low
     * bytes, so few passes).
     */
    static void sortUnsigned(long[] a, int n) {
        if (n < 4096) {
            for (int i = 0; i < n; i++) {
                a[i] ^= Long.MIN_VALUE;
            }
            Arrays.sort(a, 0, n);
            for (int i = 0; i < n; i++) {
                a[i] ^= Long.MIN_VALUE;
            }
            return;
        }
        long or = 0;
        long and = -1;
        for (int i = 0; i < n; i++) {
            or |= a[i];
            and &= a[i];
        }
        long varying = or ^ and;
        long[] src = a;
        long[] dst = new long[n];
        int[] counts = new int[256];
        for (int shift = 0; shift < 64; shift += 8) {
            if (((varying >>> shift) & 0xFF) == 0) {
                continue;
            }
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) (src[i] >>> shift) & 0xFF]++;
            }
            int sum = 0;
            for (int b = 0; b < 256; b++) {
                int c = counts[b];
                counts[b] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                long v = src[i];
                dst[counts[(int) (v >>> shift) & 0xFF]++] = v;
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        if (src != a) {
            System.arraycopy(src, 0, a, 0, n);
        }
    }

    /**
     * Equal-count histogram of sorted latents: {count[], lower[], upper[]}. A bin ends at its target
     * count unless that would split a run of equal latents; the run then becomes a bin of its own.
     */
    static long[][] histogram(long[] s, int n, int binsLog) {
        long nBins = 1L << binsLog;
        long[] counts = new long[(int) Math.min(2 * nBins + 1, 2L * n + 1)];
        long[] lowers = new long[counts.length];
        long[] uppers = new long[counts.length];
        int out = 0;
        int i = 0;
        while (i < n) {
            long binIdx = ((long) i << binsLog) / n;
            int targetEnd = (int) Math.min(n, ((binIdx + 1) * n + nBins - 1) >>> binsLog);
            if (targetEnd <= i) {
                targetEnd = i + 1;
            }
            if (targetEnd >= n) {
                counts[out] = n - i;
                lowers[out] = s[i];
                uppers[out++] = s[n - 1];
                break;
            }
            long x = s[targetEnd - 1];
            int l = targetEnd - 1;
            int r = targetEnd;
            if (s[r] != x) {
                counts[out] = targetEnd - i;
                lowers[out] = s[i];
                uppers[out++] = x;
                i = targetEnd;
                continue;
            }
            while (l > i && s[l - 1] == x) {
                l--;
            }
            while (r < n && s[r] == x) {
                r++;
            }
            if (l > i) {
                counts[out] = l - i;
                lowers[out] = s[i];
                uppers[out++] = s[l - 1];
            }
            counts[out] = r - l;
            lowers[out] = x;
            uppers[out++] = x;
            i = r;
        }
        return new long[][] {Arrays.copyOf(counts, out), Arrays.copyOf(lowers, out), Arrays.copyOf(uppers, out)};
    }

    private static float binCost(float metaCost, long lower, long upper, long count, float totalLog2) {
        float c = count;
        float ansCost = totalLog2 - log2Approx(c);
        return metaCost + (ansCost + bitsToEncodeOffset(upper - lower)) * c;
    }

    private static final float Z = 0.674f;
    private static final int SIGNIF_MASK = 0x7FFFFF;
    private static final int Z_SIGNIF = Float.floatToRawIntBits(Z) & SIGNIF_MASK;
    private static final float LOG_B = 2.0f / Z;
    private static final float LOG_C = -LOG_B / (6.0f * Z);
    private static final float LOG_A = -LOG_B - LOG_C;

    /**
     * Pco's fast approximate base-2 logarithm of a positive normal float (exact at powers of two,
     * continuous, error below 0.008): the bin merge evaluates it O(bins^2) times, and using pco's
     * approximation also makes the same merges as pco.
     */
    static float log2Approx(float x) {
        int bits = Float.floatToRawIntBits(x);
        int exp = bits >>> 23;
        int signif = bits & SIGNIF_MASK;
        int highBit = signif > Z_SIGNIF ? 1 : 0;
        int logInt = exp + highBit - 127;
        float normalized = Float.intBitsToFloat(((0x7F ^ highBit) << 23) | signif);
        return logInt + LOG_A + normalized * (LOG_B + LOG_C * normalized);
    }

    static double log2(double x) {
        return Math.log(x) * (1 / Math.log(2));
    }

    /** Merges adjacent histogram bins optimally (dynamic programming over partitions): {count[], lower[], upper[]}. */
    static long[][] optimize(long[][] hist, int sizeLog, int latentBits) {
        long[] counts = hist[0];
        long[] lowers = hist[1];
        long[] uppers = hist[2];
        int nb = counts.length;
        long[] cum = new long[nb + 1];
        for (int i = 0; i < nb; i++) {
            cum[i + 1] = cum[i] + counts[i];
        }
        long total = cum[nb];
        float totalLog2 = log2Approx(total);
        float metaCost = sizeLog + latentBits + offsetBitsBits(latentBits);
        float[] best = new float[nb + 1];
        int[] bestJ = new int[nb];
        for (int i = 0; i < nb; i++) {
            float bestCost = Float.MAX_VALUE;
            int bj = 0;
            long upper = uppers[i];
            for (int j = i; j >= 0; j--) {
                float cost = best[j] + binCost(metaCost, lowers[j], upper, cum[i + 1] - cum[j], totalLog2);
                if (cost < bestCost) {
                    bestCost = cost;
                    bj = j;
                }
            }
            best[i + 1] = bestCost;
            bestJ[i] = bj;
        }
        float bestCost = best[nb];
        float singleCost = binCost(metaCost, lowers[0], uppers[nb - 1], total, totalLog2);
        if (singleCost < bestCost + SINGLE_BIN_SPEEDUP_BITS * total) {
            return new long[][] {{total}, {lowers[0]}, {uppers[nb - 1]}};
        }
        boolean trivialOffsets = true;
        float trivialCost = 0;
        for (int i = 0; i < nb; i++) {
            trivialOffsets &= lowers[i] == uppers[i];
            trivialCost += binCost(metaCost, lowers[i], uppers[i], counts[i], totalLog2);
        }
        if (trivialOffsets && trivialCost < bestCost + TRIVIAL_OFFSET_SPEEDUP_BITS * total) {
            return hist;
        }
        // Rewind the best partition, last group first.
        int[] starts = new int[nb];
        int[] ends = new int[nb];
        int parts = 0;
        for (int i = nb - 1; ; ) {
            int j = bestJ[i];
            starts[parts] = j;
            ends[parts++] = i;
            if (j == 0) {
                break;
            }
            i = j - 1;
        }
        long[] oc = new long[parts];
        long[] ol = new long[parts];
        long[] ou = new long[parts];
        for (int k = 0; k < parts; k++) {
            int g = parts - 1 - k;
            oc[g] = cum[ends[k] + 1] - cum[starts[k]];
            ol[g] = lowers[starts[k]];
            ou[g] = uppers[ends[k]];
        }
        return new long[][] {oc, ol, ou};
    }

    /**
     * Pco's weight quantization: weights proportional to the counts (each at least 1) summing to a
     * power of two, the table size log then reduced by the weights' common power of two.
     *
     * @param counts latents per bin
     * @param total their sum
     * @param maxSizeLog the estimated table size log
     * @param weights receives the weights
     * @return the table size log
     */
    static int quantizeWeights(long[] counts, long total, int maxSizeLog, int[] weights) {
        int nb = counts.length;
        if (nb == 1) {
            weights[0] = 1;
            return 0;
        }
        int minSizeLog = 32 - Integer.numberOfLeadingZeros(nb - 1);
        int sizeLog = Math.max(minSizeLog, maxSizeLog);
        quantizeTo(counts, total, sizeLog, weights);
        int common = 31;
        for (int w : weights) {
            common = Math.min(common, Integer.numberOfTrailingZeros(w));
        }
        for (int i = 0; i < nb; i++) {
            weights[i] >>= common;
        }
        return sizeLog - common;
    }

    private static void quantizeTo(long[] counts, long total, int sizeLog, int[] weights) {
        int nb = counts.length;
        int required = 1 << sizeLog;
        float multiplier = (float) required / (float) total;
        float[] desired = new float[nb];
        float desiredSum = 0;
        for (int i = 0; i < nb; i++) {
            desired[i] = Math.max((float) counts[i] * multiplier - 1.0f, 0.0f);
            desiredSum += desired[i];
        }
        int requiredSurplus = required - nb;
        float surplusMult = desiredSum == 0.0f ? 0.0f : requiredSurplus / desiredSum;
        float[] fw = new float[nb];
        long sum = 0;
        for (int i = 0; i < nb; i++) {
            fw[i] = 1.0f + desired[i] * surplusMult;
            weights[i] = Math.round(fw[i]);
            sum += weights[i];
        }
        for (int i = 0; sum > required && i < nb; i++) {
            if (weights[i] > 1 && weights[i] > fw[i]) {
                weights[i]--;
                sum--;
            }
        }
        for (int i = 0; sum < required && i < nb; i++) {
            if (weights[i] < fw[i]) {
                weights[i]++;
                sum++;
            }
        }
        // Float rounding can leave the sum off by a little; settle it on bins that can take it.
        for (int i = 0; sum != required; i = (i + 1) % nb) {
            if (sum > required && weights[i] > 1) {
                weights[i]--;
                sum--;
            } else if (sum < required) {
                weights[i]++;
                sum++;
            }
        }
    }
}
