package io.jvortex.internal.pco;

import io.jvortex.internal.pco.PcoDecoder.NumberType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Encoder for Pcodec's wrapped format (format version 4.1, what pco 1.0.x writes): the inverse of
 * {@link PcoDecoder}. One call encodes one chunk into its chunk-metadata component and its pages.
 *
 * <pre>{@code
 * byte[] header = PcoEncoder.header();
 * PcoEncoder.Chunk c = PcoEncoder.encodeChunk(NumberType.I64, values, 0, n, PcoEncoder.Options.VORTEX);
 * // c.meta(), then c.pages().get(i) holding c.pageCounts()[i] values each
 * }</pre>
 *
 * <p>What it chooses (pco's automatic choices, simplified): the mode (Classic; IntMult with a base
 * found by pco's triple-GCD voting for integers; FloatMult with a base {@code 10^-k} for
 * decimal-like floats; FloatQuant when low mantissa bits are mostly zero) together with the
 * delta encoding (lookback, found by pco's hash-proposal search, when it saves a quarter byte per
 * value; then consecutive orders 1..7 tried upward while each lowers the estimated size), on a
 * sample of consecutive runs, a multiplier mode having to save half a bit per value; the bins by
 * pco's histogram + optimal merge; the tANS weights by pco's quantization. Values are reproduced bit
 * for bit (NaN payloads, -0.0, infinities): every mode's split is exact by construction. Conv1 and
 * Dict (which pco's automatic choice never writes either) are never written.
 */
public final class PcoEncoder {
    /** Pco's cap on the values of one chunk. */
    public static final int MAX_CHUNK_N = 1 << 24;

    private static final int BATCH = LatentVar.BATCH;
    private static final int MAX_CONSECUTIVE_ORDER = 7;
    private static final int LIMITED_BINS_LOG = 6;
    private static final double MULT_REQUIRED_BITS_SAVED_PER_NUM = 0.5;
    private static final int MIN_SAMPLE = 10;
    private static final int SAMPLE_RATIO = 40;
    private static final int MIN_CHOICE_SAMPLE = 2048;
    private static final int DELTA_GROUP_N = 200;
    /** Pco's required saving for lookback over no delta: a quarter byte per value. */
    private static final double LOOKBACK_REQUIRED_BITS_SAVED_PER_NUM = 2.0;
    private static final int MODE_CLASSIC = 0;
    private static final int MODE_INT_MULT = 1;
    private static final int MODE_FLOAT_MULT = 2;
    private static final int MODE_FLOAT_QUANT = 3;
    /** FloatQuant is tried when this share of the sample has at least k trailing zero mantissa bits. */
    private static final double QUANT_REQUIRED_SHARE = 0.5;
    /** FloatMult is tried with a base of which at least this share of the sample are multiples. */
    private static final double FLOAT_MULT_MIN_SHARE = 0.2;

    private PcoEncoder() {
    }

    /**
     * Encoding choices.
     *
     * @param maxPageN the most values per page (pages of a chunk are made about equal, pco's
     *        {@code EqualPagesUpTo})
     * @param deltaOrder the consecutive delta order 0..7, {@link #LOOKBACK}, or -1 to choose
     *        automatically
     * @param detectMultiples whether IntMult, FloatMult or FloatQuant may be chosen
     */
    public record Options(int maxPageN, int deltaOrder, boolean detectMultiples) {
        /** {@link #deltaOrder} value for lookback delta encoding. */
        public static final int LOOKBACK = 8;

        /** What Vortex's pco scheme uses: pages of up to 8192 values, automatic choices. */
        public static final Options VORTEX = new Options(8192, -1, true);

        /** Validates the fields. */
        public Options {
            if (maxPageN < 1) {
                throw new IllegalArgumentException("maxPageN " + maxPageN);
            }
            if (deltaOrder < -1 || deltaOrder > LOOKBACK) {
                throw new IllegalArgumentException("deltaOrder " + deltaOrder);
            }
        }
    }

    /**
     * One encoded chunk.
     *
     * @param meta the chunk-metadata component
     * @param pages the page components
     * @param pageCounts the value count of each page
     */
    public record Chunk(byte[] meta, List<byte[]> pages, int[] pageCounts) {
        /** @return the total size of the chunk's components in bytes */
        public long byteSize() {
            long size = meta.length;
            for (byte[] p : pages) {
                size += p.length;
            }
            return size;
        }
    }

    /** @return the wrapped-format header: format version 4.1 */
    public static byte[] header() {
        return new byte[] {4, 1};
    }

    /**
     * Encodes one chunk.
     *
     * @param type the number type
     * @param values the numbers' raw bits, zero-extended (only the low {@code type} bits are used)
     * @param from the first value
     * @param n how many values, 1..{@link #MAX_CHUNK_N}
     * @param options the encoding choices
     * @return the chunk
     */
    public static Chunk encodeChunk(NumberType type, long[] values, int from, int n, Options options) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(options, "options");
        if (n < 1 || n > MAX_CHUNK_N) {
            throw new IllegalArgumentException("n " + n + " outside 1.." + MAX_CHUNK_N);
        }
        Objects.checkFromIndexSize(from, n, values.length);
        long[] latents = new long[n];
        toLatents(type, values, from, n, latents);
        Chunk chunk = encodeLatents(type, latents, options, options.detectMultiples());
        if (options.detectMultiples() || options.deltaOrder() != 0) {
            // Pco's size guarantee: never much worse than raw values.
            long baseline = 16 + (long) n * type.byteWidth() + 4L * chunk.pages().size();
            if (chunk.byteSize() > baseline) {
                chunk = encodeLatents(type, latents, new Options(options.maxPageN(), 0, false), false);
            }
        }
        return chunk;
    }

    private static Chunk encodeLatents(NumberType type, long[] latents, Options options, boolean detect) {
        int n = latents.length;
        int binsLog = BinTrainer.unoptimizedBinsLog(n);
        long[] choice = choose(type, latents, binsLog, detect, options.deltaOrder());
        Split split = split(type, latents, (int) choice[0], choice[1]);
        int order = (int) choice[2];
        int[] pageNs = pageCounts(n, options.maxPageN());
        int windowLog = lookbackWindowLog(n);
        VarPlan[] primaryPlans = primaryPlans(split.primary, pageNs, order, type.bits, binsLog, windowLog);
        VarPlan lookbacks = primaryPlans[0];
        VarPlan primary = primaryPlans[1];
        VarPlan secondary = split.secondary == null ? null
                : VarPlan.of(split.secondary, pageNs, 0, type.bits, Math.min(binsLog, LIMITED_BINS_LOG));

        BitWriter meta = new BitWriter(64);
        meta.write(split.mode, 4);
        if (split.mode == MODE_FLOAT_QUANT) {
            meta.write(split.modeParam, 8);
        } else if (split.mode != MODE_CLASSIC) {
            meta.write(split.modeParam, type.bits);
        }
        if (order == 0) {
            meta.write(0, 4);
        } else if (order == Options.LOOKBACK) {
            meta.write(2, 4);
            meta.write(windowLog - 1, 5);
            meta.write(0, 4);   // state log: one latent of state per page, as pco writes
            meta.write(0, 1);   // the secondary latents are not delta-encoded
            lookbacks.writeMeta(meta);
        } else {
            meta.write(1, 4);
            meta.write(order, 3);
            meta.write(0, 1);   // the secondary latents are not delta-encoded
        }
        primary.writeMeta(meta);
        if (secondary != null) {
            secondary.writeMeta(meta);
        }
        meta.alignToByte();

        List<byte[]> pages = new ArrayList<>(pageNs.length);
        List<VarPlan> varList = new ArrayList<>(3);
        if (lookbacks != null) {
            varList.add(lookbacks);
        }
        varList.add(primary);
        if (secondary != null) {
            varList.add(secondary);
        }
        VarPlan[] vars = varList.toArray(new VarPlan[0]);
        for (int p = 0; p < pageNs.length; p++) {
            pages.add(writePage(vars, p, pageNs[p]));
        }
        return new Chunk(meta.toByteArray(), List.copyOf(pages), pageNs);
    }

    /** Pco's {@code EqualPagesUpTo}: as few pages as possible, sizes differing by at most one. */
    static int[] pageCounts(int n, int maxPageN) {
        int nPages = (int) ((n + (long) maxPageN - 1) / maxPageN);
        int low = n / nPages;
        int r = n % nPages;
        int[] counts = new int[nPages];
        for (int i = 0; i < nPages; i++) {
            counts[i] = i < r ? low + 1 : low;
        }
        return counts;
    }

    private static byte[] writePage(VarPlan[] vars, int page, int pageN) {
        int[][] vals = new int[vars.length][];
        byte[][] bitLens = new byte[vars.length][];
        int[][] symbols = new int[vars.length][];
        BitWriter w = new BitWriter(pageN * 4 + 64);
        for (int v = 0; v < vars.length; v++) {
            VarPlan var = vars[v];
            int stored = var.storedCount(page);
            int start = var.storedStart[page];
            int[] sym = new int[stored];
            int[] finalStates = new int[4];
            if (var.bins.size() > 1) {
                for (int i = 0; i < stored; i++) {
                    sym[i] = var.bins.find(var.stored[start + i]);
                }
                vals[v] = new int[stored];
                bitLens[v] = new byte[stored];
                var.ans.encodeReverse(sym, stored, vals[v], bitLens[v], finalStates);
            }
            symbols[v] = sym;
            for (int k = 0; k < var.stateCount; k++) {
                w.write(var.states[page][k], var.latentBits);
            }
            for (int j = 0; j < 4; j++) {
                w.write(finalStates[j], var.bins.sizeLog());
            }
        }
        w.alignToByte();
        for (int batch = 0; batch < pageN; batch += BATCH) {
            for (int v = 0; v < vars.length; v++) {
                VarPlan var = vars[v];
                int hi = Math.min(batch + BATCH, var.storedCount(page));
                if (batch >= hi) {
                    continue;
                }
                int[] sym = symbols[v];
                if (var.bins.size() > 1) {
                    for (int i = batch; i < hi; i++) {
                        w.write(vals[v][i], bitLens[v][i]);
                    }
                }
                long[] lowers = var.bins.lowers();
                int[] offsetBits = var.bins.offsetBits();
                int start = var.storedStart[page];
                for (int i = batch; i < hi; i++) {
                    int s = sym[i];
                    w.write(var.stored[start + i] - lowers[s], offsetBits[s]);
                }
            }
        }
        w.alignToByte();
        return w.toByteArray();
    }

    /** One latent variable of a chunk: its delta-encoded stored latents per page, states and bins. */
    private static final class VarPlan {
        final int latentBits;
        /** Latents of delta state stored per page. */
        final int stateCount;
        /** The stored latents of all pages, page after page. */
        final long[] stored;
        /** Per page, where its stored latents start in {@link #stored} (one extra entry at the end). */
        final int[] storedStart;
        /** Per page, the delta state (moments). */
        final long[][] states;
        final BinTrainer.Bins bins;
        final AnsEncoder ans;

        private VarPlan(int latentBits, int stateCount, long[] stored, int[] storedStart, long[][] states,
                        BinTrainer.Bins bins) {
            this.latentBits = latentBits;
            this.stateCount = stateCount;
            this.stored = stored;
            this.storedStart = storedStart;
            this.states = states;
            this.bins = bins;
            this.ans = new AnsEncoder(bins.sizeLog(), bins.weights());
        }

        static VarPlan of(long[] latents, int[] pageNs, int order, int bits, int binsLog) {
            long mask = BitReader.MASKS[bits];
            long mid = 1L << (bits - 1);
            long[] stored = new long[latents.length];
            int[] storedStart = new int[pageNs.length + 1];
            long[][] states = new long[pageNs.length][];
            int in = 0;
            int out = 0;
            for (int p = 0; p < pageNs.length; p++) {
                int m = pageNs[p];
                storedStart[p] = out;
                if (order == 0) {
                    System.arraycopy(latents, in, stored, out, m);
                    out += m;
                    states[p] = new long[0];
                } else {
                    long[] x = Arrays.copyOfRange(latents, in, in + m);
                    long[] moments = new long[order];
                    int start = 0;
                    for (int o = 0; o < order; o++) {
                        moments[o] = start < m ? x[start] : 0;
                        for (int i = m - 1; i > start; i--) {
                            x[i] = (x[i] - x[i - 1]) & mask;
                        }
                        start = Math.min(start + 1, m);
                    }
                    for (int i = start; i < m; i++) {
                        stored[out++] = x[i] ^ mid;
                    }
                    states[p] = moments;
                }
                in += m;
            }
            storedStart[pageNs.length] = out;
            return trained(bits, order, stored, storedStart, states, binsLog);
        }

        /** A plan of already delta-encoded latents; trains the bins on all pages' stored latents. */
        static VarPlan trained(int bits, int stateCount, long[] stored, int[] storedStart, long[][] states,
                               int binsLog) {
            int total = storedStart[storedStart.length - 1];
            long[] training = Arrays.copyOf(stored, total);
            BinTrainer.Bins bins = BinTrainer.train(training, total, bits, binsLog);
            return new VarPlan(bits, stateCount, stored, storedStart, states, bins);
        }

        int storedCount(int page) {
            return storedStart[page + 1] - storedStart[page];
        }

        void writeMeta(BitWriter w) {
            int sizeLog = bins.sizeLog();
            w.write(sizeLog, 4);
            w.write(bins.size(), 15);
            int obb = BinTrainer.offsetBitsBits(latentBits);
            for (int i = 0; i < bins.size(); i++) {
                w.write(bins.weights()[i] - 1L, sizeLog);
                w.write(bins.lowers()[i], latentBits);
                w.write(bins.offsetBits()[i], obb);
            }
        }

        /** @return estimated chunk bits of this variable (metadata, page states, body) for one page */
        double estimatedBits() {
            return bins.metaBits(latentBits) + (double) stateCount * latentBits + 4.0 * bins.sizeLog()
                    + bins.bodyBits();
        }
    }

    // ---- latents ----

    private static void toLatents(NumberType type, long[] values, int from, int n, long[] out) {
        int bits = type.bits;
        long mask = BitReader.MASKS[bits];
        long sign = 1L << (bits - 1);
        switch (type.kind) {
            case UNSIGNED -> {
                for (int i = 0; i < n; i++) {
                    out[i] = values[from + i] & mask;
                }
            }
            case SIGNED -> {
                for (int i = 0; i < n; i++) {
                    out[i] = (values[from + i] ^ sign) & mask;
                }
            }
            case FLOAT -> {
                for (int i = 0; i < n; i++) {
                    out[i] = Numbers.floatToLatentOrdered(bits, values[from + i] & mask);
                }
            }
        }
    }

    // ---- choosing the mode and the delta order ----

    /**
     * Runs of consecutive latents, evenly spread (pco's delta sample, with at least
     * {@link #MIN_CHOICE_SAMPLE} values so bin metadata does not dominate the estimates); all latents
     * when that is most of them; {@code null} below pco's minimum sample.
     */
    private static long[] sample(long[] latents) {
        int n = latents.length;
        if (n < MIN_SAMPLE) {
            return null;
        }
        int targetN = Math.max(MIN_CHOICE_SAMPLE, MIN_SAMPLE + (n - MIN_SAMPLE) / SAMPLE_RATIO);
        int groupN = DELTA_GROUP_N;
        int nGroups = (targetN + groupN - 1) / groupN;
        if ((long) nGroups * groupN >= n) {
            return latents;
        }
        int stride = groupN + (n - nGroups * groupN) / (Math.max(nGroups, 2) - 1);
        long[] sample = new long[nGroups * groupN];
        for (int g = 0; g < nGroups; g++) {
            System.arraycopy(latents, stride * g, sample, g * groupN, groupN);
        }
        return sample;
    }

    /**
     * Chooses the mode and the consecutive delta order together on a sample: for Classic and each
     * IntMult/FloatMult candidate, the delta order as pco picks it (orders 1, 2, ... while each
     * lowers the estimated size), then the smallest total; a multiplier mode must save half a bit
     * per value over Classic (pco's threshold).
     *
     * @return {mode, mode parameter, delta order}
     */
    private static long[] choose(NumberType type, long[] latents, int binsLog, boolean detect, int fixedOrder) {
        long[] sample = sample(latents);
        if (sample == null) {
            return new long[] {MODE_CLASSIC, 0, Math.max(0, fixedOrder)};
        }
        List<long[]> candidates = new ArrayList<>();
        if (detect && type.kind == NumberType.Kind.FLOAT) {
            for (long base : floatMultBases(type, sample)) {
                candidates.add(new long[] {MODE_FLOAT_MULT, base});
            }
            int k = floatQuantK(type, sample);
            if (k > 0) {
                candidates.add(new long[] {MODE_FLOAT_QUANT, k});
            }
        } else if (detect) {
            for (long base : intMultBases(sample)) {
                candidates.add(new long[] {MODE_INT_MULT, base});
            }
        }
        int[] onePage = {sample.length};
        long[] classic = bestDelta(sample, type.bits, binsLog, fixedOrder);
        double bestBits = Double.longBitsToDouble(classic[1]) - MULT_REQUIRED_BITS_SAVED_PER_NUM * sample.length;
        long[] best = {MODE_CLASSIC, 0, classic[0]};
        for (long[] candidate : candidates) {
            Split s = split(type, sample, (int) candidate[0], candidate[1]);
            long[] primary = bestDelta(s.primary, type.bits, binsLog, fixedOrder);
            double bits = Double.longBitsToDouble(primary[1]) + type.bits
                    + VarPlan.of(s.secondary, onePage, 0, type.bits, Math.min(binsLog, LIMITED_BINS_LOG))
                            .estimatedBits();
            if (bits < bestBits) {
                bestBits = bits;
                best = new long[] {candidate[0], candidate[1], primary[0]};
            }
        }
        return best;
    }

    /**
     * The delta encoding of the sample's primary latents as pco picks it: lookback when it beats no
     * delta by pco's margin of a quarter byte per value, then consecutive orders 1, 2, ... while each
     * lowers the estimate.
     *
     * @return {delta (order, or {@link Options#LOOKBACK}), estimated bits as double bits}
     */
    private static long[] bestDelta(long[] sample, int bits, int binsLog, int fixedOrder) {
        int[] onePage = {sample.length};
        int sampleWindowLog = lookbackWindowLog(sample.length);
        if (fixedOrder >= 0) {
            double cost = planBits(primaryPlans(sample, onePage, fixedOrder, bits, binsLog, sampleWindowLog));
            return new long[] {fixedOrder, Double.doubleToLongBits(cost)};
        }
        double best = VarPlan.of(sample, onePage, 0, bits, binsLog).estimatedBits();
        int bestOrder = 0;
        double lookbackPenalty = LOOKBACK_REQUIRED_BITS_SAVED_PER_NUM * sample.length;
        if (best > lookbackPenalty) {
            double cost = planBits(primaryPlans(sample, onePage, Options.LOOKBACK, bits, binsLog, sampleWindowLog))
                    + lookbackPenalty;
            if (cost < best) {
                best = cost;
                bestOrder = Options.LOOKBACK;
            }
        }
        for (int order = 1; order <= MAX_CONSECUTIVE_ORDER; order++) {
            double cost = VarPlan.of(sample, onePage, order, bits, binsLog).estimatedBits();
            if (cost < best) {
                best = cost;
                bestOrder = order;
            } else {
                break;   // almost always convex (pco's observation)
            }
        }
        return new long[] {bestOrder, Double.doubleToLongBits(best)};
    }

    private static double planBits(VarPlan[] plans) {
        return (plans[0] == null ? 0 : plans[0].estimatedBits()) + plans[1].estimatedBits();
    }

    /** Pco's lookback window for a chunk of {@code n}: enough for {@code n - 1}, within 2^4..2^15. */
    static int lookbackWindowLog(int n) {
        int log = 32 - Integer.numberOfLeadingZeros(Math.max(0, n - 1));
        return Math.clamp(log, 4, 15);
    }

    /**
     * The primary latent variable delta-encoded with {@code delta} (consecutive order or lookback),
     * and for lookback the variable of the lookbacks (u32).
     *
     * @return {lookbacks or null, primary}
     */
    private static VarPlan[] primaryPlans(long[] latents, int[] pageNs, int delta, int bits, int binsLog,
                                          int windowLog) {
        if (delta != Options.LOOKBACK) {
            return new VarPlan[] {null, VarPlan.of(latents, pageNs, delta, bits, binsLog)};
        }
        long mask = BitReader.MASKS[bits];
        long mid = 1L << (bits - 1);
        int n = latents.length;
        long[] stored = new long[n];
        long[] lookbacks = new long[n];
        int[] storedStart = new int[pageNs.length + 1];
        long[][] states = new long[pageNs.length][];
        long[][] noStates = new long[pageNs.length][0];
        int in = 0;
        int out = 0;
        for (int p = 0; p < pageNs.length; p++) {
            int m = pageNs[p];
            storedStart[p] = out;
            states[p] = new long[] {latents[in]};
            int[] lb = chooseLookbacks(latents, in, m, windowLog, bits);
            for (int i = 1; i < m; i++) {
                int back = lb[i - 1];
                lookbacks[out] = back;
                stored[out++] = ((latents[in + i] - latents[in + i - back]) & mask) ^ mid;
            }
            in += m;
        }
        storedStart[pageNs.length] = out;
        VarPlan lookbackVar = VarPlan.trained(32, 0, lookbacks, storedStart, noStates, binsLog);
        VarPlan primary = VarPlan.trained(bits, 1, stored, storedStart, states, binsLog);
        return new VarPlan[] {lookbackVar, primary};
    }

    private static final int PROPOSED_LOOKBACKS = 16;
    private static final int BRUTE_LOOKBACKS = 6;
    private static final int REPEATING_LOOKBACKS = 4;

    /**
     * Pco's lookback search for one page (one latent of state): for each latent after the first,
     * the best of 16 proposals (the 6 most recent positions, the 4 lookbacks chosen last, and the
     * last positions of equal or nearby values, exactly and by 256-wide buckets, from two hash
     * tables), scored by how often the lookback was used plus the leading zeros of the difference.
     *
     * @return the lookback of latents {@code 1..m-1} of the page
     */
    static int[] chooseLookbacks(long[] latents, int from, int m, int windowLog, int bits) {
        if (m <= 1) {
            return new int[0];
        }
        // Pco sizes the hash tables by the window; a short page needs no more slots than it has values.
        int hashN = Math.min(1 << (windowLog + 1), Math.max(16, Integer.highestOneBit(m) << 2));
        int windowN = 1 << windowLog;
        long mask = BitReader.MASKS[bits];
        int[] counts = new int[Math.min(windowN, m)];
        Arrays.fill(counts, 1);
        int[] out = new int[m - 1];
        int[] table = new int[2 * hashN];
        int[] proposed = new int[PROPOSED_LOOKBACKS];
        Arrays.fill(proposed, 1);
        int best = 1;
        int repeating = 0;
        for (int i = 1; i < m; i++) {
            long l = latents[from + i];
            int brute = Math.min(i, PROPOSED_LOOKBACKS);
            proposed[brute - 1] = brute;
            int idx = BRUTE_LOOKBACKS + REPEATING_LOOKBACKS;
            int offset = 0;
            for (int coarseness = 0; coarseness <= 8; coarseness += 8) {
                long bucket = l >>> coarseness;
                int exact = 0;
                for (int d = -1; d <= 1; d++) {
                    int h = hash(bucket + d, hashN - 1);
                    if (d == 0) {
                        exact = h;
                    }
                    int back = i - table[offset + h];
                    proposed[idx] = back <= windowN ? back : Math.min(idx, i);
                    idx++;
                }
                table[offset + exact] = i;
                offset += hashN;
            }
            int bestGoodness = 0;
            int chosen = 0;
            for (int back : proposed) {
                long other = latents[from + i - back];
                int lookbackGoodness = 32 - Integer.numberOfLeadingZeros(counts[back - 1]);
                long d1 = (l - other) & mask;
                long d2 = (other - l) & mask;
                long diff = Long.compareUnsigned(d1, d2) <= 0 ? d1 : d2;
                int goodness = lookbackGoodness + Long.numberOfLeadingZeros(diff) - (64 - bits);
                if (goodness > bestGoodness) {
                    bestGoodness = goodness;
                    chosen = back;
                }
            }
            if (chosen != best) {
                repeating++;
            }
            proposed[BRUTE_LOOKBACKS + repeating % REPEATING_LOOKBACKS] = chosen;
            best = chosen;
            out[i - 1] = best;
            counts[best - 1]++;
        }
        return out;
    }

    private static int hash(long x, int mask) {
        x = (x ^ (x >>> 32)) * -7046029254386354175L;
        x ^= x >>> 32;
        return (int) x & mask;
    }

    /** A mode and the latents it splits the numbers into. */
    private record Split(int mode, long modeParam, long[] primary, long[] secondary) {
    }

    private static final double ZETA_OF_2 = Math.PI * Math.PI / 6;
    private static final int MAX_MULT_CANDIDATES = 3;

    /**
     * IntMult base candidates, found as pco finds them: the GCD of each triple of sample latents (of
     * their differences), keeping GCDs that occur far more often than chance (z-score at least 3
     * against the natural frequency {@code 1 / (zeta(2) g^2)}), most promising first. Unlike one GCD
     * of all differences, a few values off the grid do not hide the base.
     */
    private static long[] intMultBases(long[] sample) {
        int triples = sample.length / 3;
        HashMap<Long, Integer> counts = new HashMap<>();
        for (int t = 0; t < triples; t++) {
            long a = sample[3 * t];
            long b = sample[3 * t + 1];
            long c = sample[3 * t + 2];
            long lo = minUnsigned(a, minUnsigned(b, c));
            long g = gcdUnsigned(a - lo, gcdUnsigned(b - lo, c - lo));
            if (Long.compareUnsigned(g, 1) > 0) {
                counts.merge(g, 1, Integer::sum);
            }
        }
        List<long[]> scored = new ArrayList<>();
        for (Map.Entry<Long, Integer> e : counts.entrySet()) {
            double g = unsignedToDouble(e.getKey());
            int count = e.getValue();
            double natural = 1 / (ZETA_OF_2 * g * g);
            double stdev = Math.sqrt(natural * (1 - natural) / triples);
            double z = ((double) count / triples - natural) / stdev;
            if (z >= 3 && count - Math.sqrt(count) > 0) {
                scored.add(new long[] {e.getKey(), Double.doubleToLongBits(count * BinTrainer.log2(g))});
            }
        }
        scored.sort((x, y) -> Double.compare(Double.longBitsToDouble(y[1]), Double.longBitsToDouble(x[1])));
        long[] out = new long[Math.min(MAX_MULT_CANDIDATES, scored.size())];
        for (int i = 0; i < out.length; i++) {
            out[i] = scored.get(i)[0];
        }
        return out;
    }

    private static long minUnsigned(long a, long b) {
        return Long.compareUnsigned(a, b) <= 0 ? a : b;
    }

    private static double unsignedToDouble(long x) {
        return x >= 0 ? x : (x >>> 1) * 2.0;
    }

    static long gcdUnsigned(long a, long b) {
        while (b != 0) {
            long t = Long.remainderUnsigned(a, b);
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * FloatMult base candidate among {@code 10^-k} (k = 0..9, rounded to the type), as a latent: the
     * largest base of which at least 90% of the sample's finite values are multiples up to a few
     * ulps; failing that, the largest base with the highest such share if it reaches
     * {@link #FLOAT_MULT_MIN_SHARE} (mixed data: zeros, specials and decimals next to noise, where
     * pco also picks FloatMult). Whether it pays is decided by the size estimate.
     */
    private static long[] floatMultBases(NumberType type, long[] sample) {
        int prec = type.precisionBits();
        double maxMult = Math.scalb(1.0, prec + 1);
        double tolerance = Math.scalb(1.0, -(prec - 3));
        long bestBase = 0;
        double bestShare = FLOAT_MULT_MIN_SHARE;
        for (int k = 0; k <= 9; k++) {
            long baseRaw = roundToType(type, Math.pow(10, -k));
            double base = Numbers.floatToDouble(type, baseRaw);
            if (!(base > 0) || Double.isInfinite(base)) {
                continue;
            }
            int finite = 0;
            int hits = 0;
            for (long l : sample) {
                double x = Numbers.floatToDouble(type, Numbers.fromLatentOrdered(type, l));
                if (!Double.isFinite(x)) {
                    continue;
                }
                finite++;
                double q = x / base;
                if (Math.abs(q) < maxMult && Math.abs(q - Math.rint(q)) <= Math.max(Math.abs(q), 1) * tolerance) {
                    hits++;
                }
            }
            double share = finite == 0 ? 0 : (double) hits / finite;
            long latent = Numbers.floatToLatentOrdered(type.bits, baseRaw);
            if (share >= 0.9) {
                return new long[] {latent};
            }
            if (share > bestShare + 0.01) {
                bestShare = share;
                bestBase = latent;
            }
        }
        return bestBase == 0 ? new long[0] : new long[] {bestBase};
    }

    /**
     * The FloatQuant k to try: the number of low mantissa bits k maximizing {@code k * share(k)},
     * where {@code share(k)} (at least {@link #QUANT_REQUIRED_SHARE}) is the share of sample values
     * whose k low bits are zero (e.g. 29 for f32 values widened to f64); 0 when none qualifies.
     */
    private static int floatQuantK(NumberType type, long[] sample) {
        int prec = type.precisionBits();
        int[] exactly = new int[prec + 1];
        for (long l : sample) {
            long raw = Numbers.fromLatentOrdered(type, l);
            exactly[Math.min(prec, Long.numberOfTrailingZeros(raw))]++;
        }
        int best = 0;
        double bestScore = 0;
        int atLeast = 0;
        for (int k = prec; k >= 1; k--) {
            atLeast += exactly[k];
            double share = (double) atLeast / sample.length;
            if (share >= QUANT_REQUIRED_SHARE && k * share > bestScore) {
                bestScore = k * share;
                best = k;
            }
        }
        return best;
    }

    private static long roundToType(NumberType type, double x) {
        return switch (type.bits) {
            case 16 -> Float.floatToFloat16((float) x) & 0xFFFFL;
            case 32 -> Float.floatToRawIntBits((float) x) & 0xFFFF_FFFFL;
            default -> Double.doubleToRawLongBits(x);
        };
    }

    /** Splits latents for a mode: Classic (unchanged), IntMult, FloatMult or FloatQuant with {@code param}. */
    private static Split split(NumberType type, long[] latents, int mode, long param) {
        int n = latents.length;
        if (mode == MODE_CLASSIC) {
            return new Split(MODE_CLASSIC, 0, latents, null);
        }
        long[] primary = new long[n];
        long[] secondary = new long[n];
        if (mode == MODE_FLOAT_QUANT) {
            // Primary: the latent without its k low bits; secondary: the number's own k low bits
            // (for negative numbers the latent's low bits are their complement).
            int k = (int) param;
            long lowMask = (1L << k) - 1;
            for (int i = 0; i < n; i++) {
                primary[i] = latents[i] >>> k;
                secondary[i] = Numbers.fromLatentOrdered(type, latents[i]) & lowMask;
            }
            return new Split(MODE_FLOAT_QUANT, param, primary, secondary);
        }
        if (mode == MODE_INT_MULT) {
            for (int i = 0; i < n; i++) {
                primary[i] = Long.divideUnsigned(latents[i], param);
                secondary[i] = Long.remainderUnsigned(latents[i], param);
            }
            return new Split(MODE_INT_MULT, param, primary, secondary);
        }
        int bits = type.bits;
        long mask = BitReader.MASKS[bits];
        long mid = 1L << (bits - 1);
        long baseRaw = Numbers.fromLatentOrdered(type, param);
        double base = Numbers.floatToDouble(type, baseRaw);
        // Pco's int_float_to_latent: multipliers below the greatest precise integer gpi are exact
        // integers; beyond it (and infinities) they continue by raw bit increments.
        long gpi = 1L << (type.precisionBits() + 1);
        long gpiRaw = roundToType(type, gpi);
        long absMask = mask >>> 1;
        for (int i = 0; i < n; i++) {
            long l = latents[i];
            double x = Numbers.floatToDouble(type, Numbers.fromLatentOrdered(type, l));
            // NaN products would depend on the platform's NaN propagation (the decoder recomputes
            // them), so NaNs take the multiplier 0 and the secondary carries them whole.
            double m = Double.isNaN(x) ? 0 : Math.rint(x / base);
            long mRaw = roundToType(type, m);
            long absRaw = mRaw & absMask;
            long absInt = Long.compareUnsigned(absRaw, gpiRaw) < 0
                    ? (long) Math.abs(Numbers.floatToDouble(type, mRaw))
                    : gpi + (absRaw - gpiRaw);
            long p = (mRaw & ~absMask & mask) != 0 ? mid - 1 - absInt : mid + absInt;
            long prod = multiply(bits, Numbers.intFloatFromLatent(bits, p), baseRaw);
            primary[i] = p;
            secondary[i] = ((l - Numbers.floatToLatentOrdered(bits, prod)) ^ mid) & mask;
        }
        return new Split(MODE_FLOAT_MULT, param, primary, secondary);
    }

    /** The product of two floats of the type, rounded as the decoder (and pco) computes it. */
    private static long multiply(int bits, long a, long b) {
        return switch (bits) {
            case 64 -> Double.doubleToRawLongBits(Double.longBitsToDouble(a) * Double.longBitsToDouble(b));
            case 32 -> Float.floatToRawIntBits(Float.intBitsToFloat((int) a) * Float.intBitsToFloat((int) b))
                    & 0xFFFF_FFFFL;
            default -> Float.floatToFloat16(Float.float16ToFloat((short) a) * Float.float16ToFloat((short) b))
                    & 0xFFFFL;
        };
    }
}
