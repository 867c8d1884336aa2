package io.jvortex.internal.pco;

import io.jvortex.error.VortexException;
import java.util.Arrays;

/**
 * One latent variable of a chunk (delta, primary or secondary): its bins, the tANS decoding table
 * built from them, its delta encoding, and the per-page decoding state (tANS states, delta state,
 * scratch for one batch of 256 latents).
 */
final class LatentVar {
    static final int BATCH = 256;
    static final int MAX_ANS_BITS = 14;
    private static final int MAX_BINS_LOG = 15;

    enum Delta { NONE, CONSECUTIVE, LOOKBACK, CONV1 }

    final String name;
    final int latentBits;
    final long latentMask;
    final int ansSizeLog;
    final int nBins;
    final long[] binLowers;
    final int[] binOffsetBits;
    /**
     * Per tANS state: the next-state base (bits 32..47) and the mask of the bits to read (bits
     * 0..31), so a transition is a shift, an and, an add, and a bit count for the width.
     */
    final long[] nodes;
    /** Per tANS state: its symbol's bin lower bound and the mask of its offset bits. */
    final long[] stateLowers;
    final long[] stateOffsetMasks;
    final int maxOffsetBits;

    Delta delta = Delta.NONE;
    int deltaStateCount;

    // Per-page state.
    final int[] ansStates = new int[4];
    long[] deltaState = new long[0];
    /** One batch of latents (the values after bins, offsets and delta decoding). */
    final long[] latents = new long[BATCH];
    /** Per latent of the batch: the tANS state that decoded its bin (tables have at most 2^14 states). */
    private final short[] states = new short[BATCH];

    private LatentVar(String name, int latentBits, int ansSizeLog, long[] lowers, int[] offsetBits, int[] weights,
                      BitReader r) {
        this.name = name;
        this.latentBits = latentBits;
        this.latentMask = BitReader.MASKS[latentBits];
        this.ansSizeLog = ansSizeLog;
        this.nBins = lowers.length;
        this.binLowers = lowers;
        this.binOffsetBits = offsetBits;
        int max = 0;
        for (int b : offsetBits) {
            max = Math.max(max, b);
        }
        this.maxOffsetBits = max;
        int tableSize = 1 << ansSizeLog;
        int[] w = weights.length == 0 ? new int[] {1} : weights;
        long total = 0;
        for (int x : w) {
            total += x;
        }
        if (total != tableSize) {
            throw r.error(name + " latent: bin weights sum to " + total + ", expected the tANS table size "
                    + tableSize);
        }
        // Spread symbols over the table (pco's spread_state_symbols).
        int[] symbols = new int[tableSize];
        int stride = 3 * tableSize / 5;
        if ((stride & 1) == 0) {
            stride++;
        }
        int mask = tableSize - 1;
        int step = 0;
        for (int s = 0; s < w.length; s++) {
            for (int k = 0; k < w[s]; k++) {
                symbols[(stride * step) & mask] = s;
                step++;
            }
        }
        this.nodes = new long[tableSize];
        this.stateLowers = new long[tableSize];
        this.stateOffsetMasks = new long[tableSize];
        int[] counters = w.clone();
        for (int state = 0; state < tableSize; state++) {
            int sym = symbols[state];
            int x = counters[sym]++;
            int bitsToRead = Integer.numberOfLeadingZeros(x) - Integer.numberOfLeadingZeros(tableSize);
            int nextBase = (x << bitsToRead) - tableSize;
            int ob = sym < nBins ? offsetBits[sym] : 0;
            nodes[state] = ((long) nextBase << 32) | BitReader.MASKS[bitsToRead];
            stateLowers[state] = sym < nBins ? lowers[sym] : 0;
            stateOffsetMasks[state] = BitReader.MASKS[ob];
        }
    }

    /** Reads a latent variable's chunk metadata: tANS size, then the bins. */
    static LatentVar read(BitReader r, String name, int latentBits) {
        int ansSizeLog = (int) r.read(4, name + " ans_size_log");
        int nBins = (int) r.read(MAX_BINS_LOG, name + " bin count");
        if (ansSizeLog > MAX_ANS_BITS) {
            throw r.error(name + " latent: ANS size log " + ansSizeLog + " exceeds " + MAX_ANS_BITS);
        }
        if (nBins > (1 << ansSizeLog)) {
            throw r.error(name + " latent: " + nBins + " bins do not fit a tANS table of size " + (1 << ansSizeLog));
        }
        if (nBins == 1 && ansSizeLog > 0) {
            throw r.error(name + " latent: 1 bin but ANS size log " + ansSizeLog + " (expected 0)");
        }
        int offsetBitsBits = 32 - Integer.numberOfLeadingZeros(latentBits);
        long[] lowers = new long[nBins];
        int[] offsetBits = new int[nBins];
        int[] weights = new int[nBins];
        for (int i = 0; i < nBins; i++) {
            weights[i] = (int) r.read(ansSizeLog, name + " bin weight") + 1;
            lowers[i] = r.read(latentBits, name + " bin lower bound");
            offsetBits[i] = (int) r.read(offsetBitsBits, name + " bin offset bits");
            if (offsetBits[i] > latentBits) {
                throw r.error(name + " latent: bin " + i + " has " + offsetBits[i] + " offset bits, more than the "
                        + latentBits + "-bit latent type");
            }
        }
        return new LatentVar(name, latentBits, ansSizeLog, lowers, offsetBits, weights, r);
    }

    /** Reads this variable's page metadata: the delta state, then the four tANS states. */
    void readPageMeta(BitReader r) {
        if (deltaState.length != deltaStateCount) {
            deltaState = new long[deltaStateCount];
        }
        for (int i = 0; i < deltaStateCount; i++) {
            deltaState[i] = r.read(latentBits, name + " delta state");
        }
        for (int i = 0; i < 4; i++) {
            ansStates[i] = (int) r.read(ansSizeLog, name + " tANS state");
        }
    }

    /**
     * Decodes {@code n <= 256} latents (bins + offsets, before delta decoding) into {@link #latents}.
     * The caller has checked the reader was in bounds before the batch and checks it after; the
     * reader's padding covers the worst case of one batch.
     */
    void readBatch(BitReader r, int n) {
        if (n == 0) {
            return;
        }
        final long[] lat = latents;
        final byte[] buf = r.buf;
        long bitPos = r.bitPos;
        final long mask = latentMask;
        if (nBins > 1) {
            final long[] nd = nodes;
            final short[] sts = states;
            int s0 = ansStates[0];
            int s1 = ansStates[1];
            int s2 = ansStates[2];
            int s3 = ansStates[3];
            int i = 0;
            for (; i + 4 <= n; i += 4) {
                // Four symbols take at most 4 * 14 = 56 bits, plus up to 7 bits of byte offset.
                long packed = (long) BitReader.LONG.get(buf, (int) (bitPos >>> 3)) >>> (bitPos & 7);
                long node = nd[s0];
                sts[i] = (short) s0;
                s0 = (int) (node >>> 32) + ((int) packed & (int) node);
                int used = Integer.bitCount((int) node);
                node = nd[s1];
                sts[i + 1] = (short) s1;
                s1 = (int) (node >>> 32) + ((int) (packed >>> used) & (int) node);
                used += Integer.bitCount((int) node);
                node = nd[s2];
                sts[i + 2] = (short) s2;
                s2 = (int) (node >>> 32) + ((int) (packed >>> used) & (int) node);
                used += Integer.bitCount((int) node);
                node = nd[s3];
                sts[i + 3] = (short) s3;
                s3 = (int) (node >>> 32) + ((int) (packed >>> used) & (int) node);
                used += Integer.bitCount((int) node);
                bitPos += used;
            }
            int[] st = ansStates;
            st[0] = s0;
            st[1] = s1;
            st[2] = s2;
            st[3] = s3;
            for (; i < n; i++) {
                int j = i & 3;
                int state = st[j];
                long node = nd[state];
                long packed = (long) BitReader.LONG.get(buf, (int) (bitPos >>> 3)) >>> (bitPos & 7);
                sts[i] = (short) state;
                st[j] = (int) (node >>> 32) + ((int) packed & (int) node);
                bitPos += Integer.bitCount((int) node);
            }
            // The batch's offsets follow its tANS bits; each state's bin gives the lower bound and the
            // offset's width. Only the position is carried from one latent to the next.
            final long[] lowers = stateLowers;
            final long[] omasks = stateOffsetMasks;
            if (maxOffsetBits == 0) {
                for (i = 0; i < n; i++) {
                    lat[i] = lowers[sts[i]];
                }
            } else if (maxOffsetBits <= 56) {
                for (i = 0; i < n; i++) {
                    int state = sts[i];
                    long m = omasks[state];
                    long v = (long) BitReader.LONG.get(buf, (int) (bitPos >>> 3)) >>> (bitPos & 7);
                    lat[i] = (lowers[state] + (v & m)) & mask;
                    bitPos += Long.bitCount(m);
                }
            } else {
                for (i = 0; i < n; i++) {
                    int state = sts[i];
                    bitPos = readOffset(buf, bitPos, Long.bitCount(omasks[state]), lowers[state], lat, i);
                }
            }
        } else {
            // One bin (or none, when no latents are stored): constant lower bound and offset width.
            long lower = nBins == 1 ? binLowers[0] : 0;
            int bits = nBins == 1 ? binOffsetBits[0] : 0;
            if (bits == 0) {
                Arrays.fill(lat, 0, n, lower);
            } else if (bits <= 56) {
                long m = (1L << bits) - 1;
                for (int i = 0; i < n; i++) {
                    long bit = bitPos + (long) i * bits;
                    long v = (long) BitReader.LONG.get(buf, (int) (bit >>> 3)) >>> (bit & 7);
                    lat[i] = (lower + (v & m)) & mask;
                }
                bitPos += (long) n * bits;
            } else {
                for (int i = 0; i < n; i++) {
                    bitPos = readOffset(buf, bitPos, bits, lower, lat, i);
                }
            }
        }
        r.bitPos = bitPos;
    }

    /** Reads one offset of up to 64 bits at {@code bitPos} into {@code lat[i]} and returns the next position. */
    private long readOffset(byte[] buf, long bitPos, int bits, long lower, long[] lat, int i) {
        int byteIndex = (int) (bitPos >>> 3);
        int shift = (int) (bitPos & 7);
        long v = (long) BitReader.LONG.get(buf, byteIndex) >>> shift;
        if (bits + shift > 64) {
            v |= (long) BitReader.LONG.get(buf, byteIndex + 8) << (64 - shift);
        }
        lat[i] = (lower + (v & BitReader.MASKS[bits])) & latentMask;
        return bitPos + bits;
    }

    VortexException corrupt(String problem) {
        return new VortexException("pco " + name + " latent: " + problem);
    }
}
