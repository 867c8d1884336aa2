package io.jvortex.internal.pco;

import io.jvortex.error.VortexException;
import io.jvortex.internal.pco.PcoDecoder.NumberType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Decodes the pages of one chunk, 256 values per batch: per latent variable tANS symbols, then
 * offsets, then delta decoding; then the mode joins primary and secondary latents into numbers.
 */
final class PageDecoder {
    private static final int BATCH = LatentVar.BATCH;
    /**
     * Zero padding after a page copy: one batch of one latent variable reads at most
     * 256 * (14 + 64) bits beyond a position that was in bounds, plus a 16-byte load.
     */
    private static final int PAGE_PAD = BATCH * (LatentVar.MAX_ANS_BITS + 64) / 8 + 64;

    private final ChunkMeta meta;
    private final NumberType type;
    private final long latentMask;
    private final LatentVar[] vars;

    private byte[] pageBuf;
    private long[] primaryHistory = new long[0];
    private long[] secondaryHistory = new long[0];
    private long[] convScratch = new long[0];
    private final long[] raw = new long[BATCH];
    private final int[] ints = new int[BATCH];
    private final short[] shorts = new short[BATCH];
    private final byte[] bytes = new byte[BATCH];

    PageDecoder(ChunkMeta meta, NumberType type) {
        this.meta = meta;
        this.type = type;
        this.latentMask = BitReader.MASKS[type.bits];
        int count = (meta.deltaVar != null ? 1 : 0) + 1 + (meta.secondary != null ? 1 : 0);
        vars = new LatentVar[count];
        int i = 0;
        if (meta.deltaVar != null) {
            vars[i++] = meta.deltaVar;
        }
        vars[i++] = meta.primary;
        if (meta.secondary != null) {
            vars[i] = meta.secondary;
        }
    }

    void decode(MemorySegment page, int n, MemorySegment dst, long dstByteOffset) {
        BitReader r = BitReader.copyOf(page, PAGE_PAD, pageBuf, "page");
        pageBuf = r.buf;
        for (LatentVar v : vars) {
            v.readPageMeta(r);
        }
        r.alignZero("page metadata");
        int stateN = meta.primaryStateCount();
        int nInBody = Math.max(0, n - stateN);
        for (LatentVar v : vars) {
            if (v.nBins == 0 && nInBody > 0) {
                throw r.error(v.name + " latent has no bins but the page stores " + nInBody + " latents");
            }
        }
        if (meta.delta == LatentVar.Delta.LOOKBACK) {
            primaryHistory = initHistory(meta.primary, primaryHistory, n);
            if (meta.secondary != null && meta.secondary.delta == LatentVar.Delta.LOOKBACK) {
                secondaryHistory = initHistory(meta.secondary, secondaryHistory, n);
            }
        }
        int width = type.byteWidth();
        int done = 0;
        while (done < n) {
            int remaining = n - done;
            int batchN = Math.min(BATCH, remaining);
            int lookbacks = 0;
            if (meta.deltaVar != null) {
                lookbacks = Math.min(BATCH, Math.max(0, remaining - stateN));
                meta.deltaVar.readBatch(r, lookbacks);
                r.checkInBounds("lookback batch");
            }
            decodeVar(meta.primary, primaryHistory, r, remaining, batchN, done, lookbacks);
            if (meta.secondary != null) {
                decodeVar(meta.secondary, secondaryHistory, r, remaining, batchN, done, lookbacks);
            }
            store(join(batchN), batchN, dst, dstByteOffset + (long) done * width);
            done += batchN;
        }
        if (n > 0) {
            r.alignZero("page");
        }
    }

    private long[] initHistory(LatentVar v, long[] reuse, int n) {
        int stateN = v.deltaStateCount;
        long needLong = 1L + stateN + n;
        if (needLong > Integer.MAX_VALUE - 8) {
            throw new VortexException("pco page of " + n + " values is too large for lookback decoding");
        }
        int need = (int) needLong;
        long[] h = reuse.length >= need ? reuse : new long[need];
        h[0] = 0;
        System.arraycopy(v.deltaState, 0, h, 1, stateN);
        return h;
    }

    private void decodeVar(LatentVar v, long[] history, BitReader r, int remaining, int batchN, int done,
                           int lookbacks) {
        int stateCount = v.deltaStateCount;
        int pre = Math.min(BATCH, Math.max(0, remaining - stateCount));
        v.readBatch(r, pre);
        r.checkInBounds(v.name + " batch");
        long[] lat = v.latents;
        // The last stateCount latents of a page are not stored; pco leaves stale values there, which
        // never reach the output. Zero them so decoding is deterministic.
        if (pre < batchN) {
            Arrays.fill(lat, pre, batchN, 0L);
        }
        long mask = v.latentMask;
        long mid = 1L << (v.latentBits - 1);
        switch (v.delta) {
            case NONE -> { }
            case CONSECUTIVE -> {
                for (int i = 0; i < batchN; i++) {
                    lat[i] ^= mid;
                }
                long[] moments = v.deltaState;
                for (int m = stateCount - 1; m >= 0; m--) {
                    long moment = moments[m];
                    for (int i = 0; i < batchN; i++) {
                        long d = lat[i];
                        lat[i] = moment;
                        moment = (moment + d) & mask;
                    }
                    moments[m] = moment;
                }
            }
            case LOOKBACK -> {
                long[] lb = meta.deltaVar.latents;
                long windowN = 1L << meta.windowLog;
                for (int i = 0; i < lookbacks; i++) {
                    if (Long.compareUnsigned(lb[i] - 1, windowN) >= 0) {
                        throw v.corrupt("lookback " + lb[i] + " outside the window [1, " + windowN + "] at value "
                                + (done + i));
                    }
                }
                // The unstored tail (never output) looks back by 1.
                if (lookbacks < batchN) {
                    Arrays.fill(lb, lookbacks, batchN, 1L);
                }
                // history[0] is a zero sentinel for lookbacks before the page's state; history[1 + j]
                // is value j of the window (the state, then this page's values).
                int base = stateCount + done;
                for (int i = 0; i < batchN; i++) {
                    long from = Math.max(base + i - lb[i], -1L) + 1;
                    history[base + i + 1] = ((lat[i] ^ mid) + history[(int) from]) & mask;
                }
                // Output lags the window by the state size: values before this page come first.
                System.arraycopy(history, done + 1, lat, 0, batchN);
            }
            case CONV1 -> {
                long[] w = meta.weights;
                int order = w.length;
                if (convScratch.length < order + BATCH) {
                    convScratch = new long[order + BATCH];
                }
                long[] c = convScratch;
                System.arraycopy(v.deltaState, 0, c, 0, order);
                for (int i = 0; i < batchN; i++) {
                    c[order + i] = lat[i] ^ mid;
                }
                long bias = meta.bias;
                int q = meta.quantization;
                for (int i = order; i < order + batchN; i++) {
                    long acc = bias;
                    for (int j = 0; j < order; j++) {
                        acc += w[j] * c[i - order + j];
                    }
                    long pred = (Math.max(acc, 0L) >> q) & mask;
                    c[i] = (c[i] + pred) & mask;
                }
                System.arraycopy(c, 0, lat, 0, batchN);
                System.arraycopy(c, batchN, v.deltaState, 0, order);
            }
        }
    }

    /**
     * Joins the batch's primary (and secondary) latents into raw number bits.
     *
     * @return the array holding them: {@link #raw}, or in Classic mode the primary latents, converted
     *     in place (they are not read again once delta decoding is done)
     */
    private long[] join(int n) {
        long[] p = meta.primary.latents;
        long[] s = meta.secondary != null ? meta.secondary.latents : null;
        long[] out = raw;
        long mask = latentMask;
        int bits = type.bits;
        switch (meta.mode) {
            case CLASSIC -> {
                Numbers.fromLatentOrdered(type, p, n);
                return p;
            }
            case INT_MULT -> {
                long base = meta.modeParam;
                for (int i = 0; i < n; i++) {
                    out[i] = (p[i] * base + s[i]) & mask;
                }
                Numbers.fromLatentOrdered(type, out, n);
            }
            case FLOAT_MULT -> {
                long mid = 1L << (bits - 1);
                long baseRaw = Numbers.fromLatentOrdered(type, meta.modeParam);
                switch (bits) {
                    case 64 -> {
                        double base = Double.longBitsToDouble(baseRaw);
                        for (int i = 0; i < n; i++) {
                            // int_float_from_latent, branch-free except the rare |mult| >= 2^53 case.
                            long l = p[i];
                            long top = l >>> 63;
                            long abs = l ^ (mid - 1 + top);
                            // Past 2^53 the magnitude's bits count on from 2^53's (and may carry into the
                            // sign bit); negation then flips the sign bit, as pco does.
                            long m = Long.compareUnsigned(abs, 1L << 53) < 0
                                    ? Double.doubleToRawLongBits((double) abs)
                                    : Double.doubleToRawLongBits(0x1p53) + (abs - (1L << 53));
                            m ^= (top ^ 1) << 63;
                            long prod = Double.doubleToRawLongBits(Double.longBitsToDouble(m) * base);
                            out[i] = (prod ^ ((prod >> 63) | mid)) + s[i] + mid;
                        }
                    }
                    case 32 -> {
                        float base = Float.intBitsToFloat((int) baseRaw);
                        for (int i = 0; i < n; i++) {
                            long l = p[i];
                            long top = l >>> 31;
                            long abs = l ^ (mid - 1 + top);
                            int m = abs < (1L << 24)
                                    ? Float.floatToRawIntBits((float) abs)
                                    : Float.floatToRawIntBits(0x1p24f) + (int) (abs - (1L << 24));
                            m ^= (int) (top ^ 1) << 31;
                            int prod = Float.floatToRawIntBits(Float.intBitsToFloat(m) * base);
                            long latent = (prod ^ ((prod >> 31) | Integer.MIN_VALUE)) & 0xFFFF_FFFFL;
                            out[i] = (latent + s[i] + mid) & mask;
                        }
                    }
                    default -> {
                        float base = Float.float16ToFloat((short) baseRaw);
                        for (int i = 0; i < n; i++) {
                            float m = Float.float16ToFloat((short) Numbers.intFloatFromLatent(16, p[i]));
                            // f16 * f16 is exact in f32; rounding once to f16 matches half's Mul.
                            long prod = Float.floatToFloat16(m * base) & 0xFFFFL;
                            out[i] = (Numbers.floatToLatentOrdered(16, prod) + s[i] + mid) & mask;
                        }
                    }
                }
                Numbers.fromLatentOrdered(type, out, n);
            }
            case FLOAT_QUANT -> {
                int k = (int) meta.modeParam;
                long cutoff = (1L << (bits - 1)) >>> k;
                long lowMax = (1L << k) - 1;
                for (int i = 0; i < n; i++) {
                    long y = p[i];
                    long low = Long.compareUnsigned(y, cutoff) >= 0 ? s[i] : lowMax - s[i];
                    out[i] = ((y << k) + low) & mask;
                }
                Numbers.fromLatentOrdered(type, out, n);
            }
            case DICT -> {
                long[] dict = meta.dict;
                for (int i = 0; i < n; i++) {
                    long idx = p[i];
                    if (idx >= dict.length) {
                        throw new VortexException("pco page: dict index " + idx + " exceeds the dict of "
                                + dict.length + " values");
                    }
                    out[i] = dict[(int) idx];
                }
                Numbers.fromLatentOrdered(type, out, n);
            }
        }
        return out;
    }

    private void store(long[] src, int n, MemorySegment dst, long offset) {
        switch (type.bits) {
            case 64 -> MemorySegment.copy(src, 0, dst, ValueLayout.JAVA_LONG_UNALIGNED, offset, n);
            case 32 -> {
                int[] a = ints;
                for (int i = 0; i < n; i++) {
                    a[i] = (int) src[i];
                }
                MemorySegment.copy(a, 0, dst, ValueLayout.JAVA_INT_UNALIGNED, offset, n);
            }
            case 16 -> {
                short[] a = shorts;
                for (int i = 0; i < n; i++) {
                    a[i] = (short) src[i];
                }
                MemorySegment.copy(a, 0, dst, ValueLayout.JAVA_SHORT_UNALIGNED, offset, n);
            }
            default -> {
                byte[] a = bytes;
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) src[i];
                }
                MemorySegment.copy(a, 0, dst, ValueLayout.JAVA_BYTE, offset, n);
            }
        }
    }
}
