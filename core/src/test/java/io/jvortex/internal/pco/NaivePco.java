package io.jvortex.internal.pco;

import java.util.ArrayList;
import java.util.List;

/**
 * Test-only reference decoder written straight from pcodec's {@code docs/format.md}: a bit-at-a-time
 * reader that fails on any read past the end, one tANS symbol at a time, and delta decoding over a
 * whole page at once (rather than per batch). Slow and simple, to cross-check {@link PcoDecoder}.
 */
final class NaivePco {
    private NaivePco() {
    }

    static final class Bits {
        final byte[] b;
        long pos;

        Bits(byte[] b) {
            this.b = b;
        }

        long read(int n) {
            long v = 0;
            for (int i = 0; i < n; i++) {
                if (pos >= 8L * b.length) {
                    throw new IllegalStateException("read past end");
                }
                long bit = (b[(int) (pos >>> 3)] >>> (pos & 7)) & 1;
                v |= bit << i;
                pos++;
            }
            return v;
        }

        void alignZero() {
            while ((pos & 7) != 0) {
                if (read(1) != 0) {
                    throw new IllegalStateException("nonzero padding");
                }
            }
        }
    }

    record Var(int bits, int sizeLog, long[] lower, int[] offsetBits, int[] weight) {
        int tableSize() {
            return 1 << sizeLog;
        }
    }

    static long mask(int bits) {
        return bits == 64 ? -1L : (1L << bits) - 1;
    }

    static Var readVar(Bits r, int bits) {
        int sizeLog = (int) r.read(4);
        int n = (int) r.read(15);
        if (sizeLog > 14 || n > (1 << sizeLog) || (n == 1 && sizeLog > 0)) {
            throw new IllegalStateException("bad var");
        }
        long[] lower = new long[n];
        int[] ob = new int[n];
        int[] w = new int[n];
        int obBits = 32 - Integer.numberOfLeadingZeros(bits);
        long total = 0;
        for (int i = 0; i < n; i++) {
            w[i] = (int) r.read(sizeLog) + 1;
            lower[i] = r.read(bits);
            ob[i] = (int) r.read(obBits);
            if (ob[i] > bits) {
                throw new IllegalStateException("offset bits");
            }
            total += w[i];
        }
        if (total != (n == 0 ? 1 << sizeLog : total) || (n == 0 && sizeLog != 0) || (n > 0 && total != 1L << sizeLog)) {
            throw new IllegalStateException("weights");
        }
        return new Var(bits, sizeLog, lower, ob, w);
    }

    /** Decodes all pages of a stream to raw little-endian bytes. */
    static byte[] decode(PcoGolden g, List<byte[]> metas, List<int[]> counts, List<byte[][]> pages) {
        PcoDecoder.NumberType t = g.type();
        int bits = t.bits;
        Bits h = new Bits(g.header());
        int major = (int) h.read(8);
        if (major > 4) {
            throw new IllegalStateException("version");
        }
        List<Long> out = new ArrayList<>();
        for (int c = 0; c < metas.size(); c++) {
            Bits r = new Bits(metas.get(c));
            int mode = (int) r.read(4);
            long param = 0;
            long[] dict = null;
            switch (mode) {
                case 0 -> { }
                case 1, 2 -> param = r.read(bits);
                case 3 -> param = r.read(8);
                case 4 -> {
                    int n = (int) r.read(25);
                    r.alignZero();
                    dict = new long[n];
                    for (int i = 0; i < n; i++) {
                        dict[i] = r.read(bits);
                    }
                }
                default -> throw new IllegalStateException("mode");
            }
            boolean isFloat = t.kind == PcoDecoder.NumberType.Kind.FLOAT;
            if ((mode == 1 && (isFloat || param == 0)) || ((mode == 2 || mode == 3) && !isFloat)
                    || (mode == 3 && (param == 0 || param > t.precisionBits()))) {
                throw new IllegalStateException("mode for type");
            }
            if (mode == 2) {
                double base = Numbers.floatToDouble(t, Numbers.fromLatentOrdered(t, param));
                if (!Double.isFinite(base) || base == 0) {
                    throw new IllegalStateException("base");
                }
            }
            int delta = (int) r.read(4);
            int order = 0;
            boolean secDelta = false;
            int windowLog = 0;
            int stateN = 0;
            int q = 0;
            long bias = 0;
            long[] w = null;
            switch (delta) {
                case 0 -> { }
                case 1 -> {
                    order = (int) r.read(3);
                    secDelta = r.read(1) == 1;
                    if (order == 0) {
                        throw new IllegalStateException("order");
                    }
                    stateN = order;
                }
                case 2 -> {
                    windowLog = 1 + (int) r.read(5);
                    int stateLog = (int) r.read(4);
                    secDelta = r.read(1) == 1;
                    if (stateLog > windowLog) {
                        throw new IllegalStateException("state log");
                    }
                    stateN = 1 << stateLog;
                }
                case 3 -> {
                    q = (int) r.read(5);
                    bias = r.read(64) ^ Long.MIN_VALUE;
                    int n = 1 + (int) r.read(5);
                    w = new long[n];
                    for (int i = 0; i < n; i++) {
                        w[i] = (int) (r.read(32) ^ 0x80000000L);
                    }
                    stateN = n;
                }
                default -> throw new IllegalStateException("delta");
            }
            Var lookbackVar = delta == 2 ? readVar(r, 32) : null;
            Var primary = readVar(r, mode == 4 ? 32 : bits);
            Var secondary = mode >= 1 && mode <= 3 ? readVar(r, bits) : null;
            r.alignZero();
            if (delta == 2) {
                for (long lo : lookbackVar.lower()) {
                    if (lo < 1 || lo > (1L << windowLog)) {
                        throw new IllegalStateException("lookback bin");
                    }
                }
            }
            if (delta == 3) {
                if (primary.bits() > 32) {
                    throw new IllegalStateException("conv1 64");
                }
                double sum = 0;
                for (long x : w) {
                    sum += Math.abs((double) x);
                }
                int conv = 2 * primary.bits();
                if (q > Math.min(31, conv - 1) || Math.abs((double) bias) + Math.pow(2, primary.bits()) * sum >= Math.pow(2, conv - 1)) {
                    throw new IllegalStateException("conv1 bounds");
                }
            }
            Var[] vars = {lookbackVar, primary, secondary};
            boolean[] hasDelta = {false, delta != 0, secondary != null && secDelta && delta != 3};
            for (int p = 0; p < pages.get(c).length; p++) {
                int n = counts.get(c)[p];
                Bits pr = new Bits(pages.get(c)[p]);
                long[][] states = new long[3][];
                int[][] ans = new int[3][4];
                for (int v = 0; v < 3; v++) {
                    if (vars[v] == null) {
                        continue;
                    }
                    states[v] = new long[hasDelta[v] ? stateN : 0];
                    for (int i = 0; i < states[v].length; i++) {
                        states[v][i] = pr.read(vars[v].bits());
                    }
                    for (int i = 0; i < 4; i++) {
                        ans[v][i] = (int) pr.read(vars[v].sizeLog());
                    }
                }
                pr.alignZero();
                int body = Math.max(0, n - stateN);
                for (Var v : vars) {
                    if (v != null && v.lower().length == 0 && body > 0) {
                        throw new IllegalStateException("no bins");
                    }
                }
                List<List<Long>> stored = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                int[][] tables = new int[3][];
                for (int v = 0; v < 3; v++) {
                    tables[v] = vars[v] == null ? null : spread(vars[v]);
                }
                for (int start = 0; start < n; start += 256) {
                    int remaining = n - start;
                    for (int v = 0; v < 3; v++) {
                        if (vars[v] == null) {
                            continue;
                        }
                        int k = (v == 0 || hasDelta[v]) ? Math.min(256, Math.max(0, remaining - stateN)) : Math.min(256, remaining);
                        readBatch(pr, vars[v], tables[v], ans[v], k, stored.get(v));
                    }
                }
                if (n > 0) {
                    pr.alignZero();
                }
                long[][] lat = new long[3][];
                for (int v = 1; v < 3; v++) {
                    if (vars[v] == null) {
                        continue;
                    }
                    long[] s = stored.get(v).stream().mapToLong(Long::longValue).toArray();
                    lat[v] = hasDelta[v] ? undelta(delta, vars[v].bits(), states[v], s, stored.get(0), windowLog, n, q, bias, w) : s;
                }
                for (int i = 0; i < n; i++) {
                    out.add(join(t, mode, param, dict, lat[1][i], lat[2] == null ? 0 : lat[2][i]));
                }
            }
        }
        byte[] bytes = new byte[out.size() * t.byteWidth()];
        for (int i = 0; i < out.size(); i++) {
            for (int k = 0; k < t.byteWidth(); k++) {
                bytes[i * t.byteWidth() + k] = (byte) (out.get(i) >>> (8 * k));
            }
        }
        return bytes;
    }

    static int[] spread(Var v) {
        int size = v.tableSize();
        int[] sym = new int[size];
        int[] weights = v.weight().length == 0 ? new int[] {1} : v.weight();
        int stride = 3 * size / 5;
        if (stride % 2 == 0) {
            stride++;
        }
        int step = 0;
        for (int s = 0; s < weights.length; s++) {
            for (int k = 0; k < weights[s]; k++) {
                sym[(stride * step) % size] = s;
                step++;
            }
        }
        return sym;
    }

    static void readBatch(Bits r, Var v, int[] sym, int[] ans, int k, List<Long> dst) {
        int size = v.tableSize();
        int[] bins = new int[k];
        if (v.lower().length > 1) {
            // x_s: the position of each state among its symbol's states, offset by the weight.
            for (int i = 0; i < k; i++) {
                int state = ans[i % 4];
                int s = sym[state];
                int x = v.weight()[s];
                for (int j = 0; j < state; j++) {
                    if (sym[j] == s) {
                        x++;
                    }
                }
                int bitsToRead = 0;
                while ((x << bitsToRead) < size) {
                    bitsToRead++;
                }
                ans[i % 4] = (x << bitsToRead) - size + (int) r.read(bitsToRead);
                bins[i] = s;
            }
        }
        for (int i = 0; i < k; i++) {
            int b = bins[i];
            long off = r.read(v.offsetBits()[b]);
            dst.add((v.lower()[b] + off) & mask(v.bits()));
        }
    }

    static long[] undelta(int delta, int bits, long[] state, long[] stored, List<Long> lookbacks, int windowLog, int n,
                          int q, long bias, long[] w) {
        long m = mask(bits);
        long mid = 1L << (bits - 1);
        long[] d = new long[stored.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = stored[i] ^ mid;
        }
        switch (delta) {
            case 1 -> {
                long[] seq = d;
                for (int o = state.length - 1; o >= 0; o--) {
                    long[] next = new long[seq.length + 1];
                    next[0] = state[o];
                    for (int i = 0; i < seq.length; i++) {
                        next[i + 1] = (next[i] + seq[i]) & m;
                    }
                    seq = next;
                }
                return java.util.Arrays.copyOf(seq, n);
            }
            case 2 -> {
                int s = state.length;
                long[] x = new long[Math.max(n, s)];
                System.arraycopy(state, 0, x, 0, Math.min(s, x.length));
                for (int j = 0; j < d.length; j++) {
                    long lb = lookbacks.get(j);
                    if (lb < 1 || lb > (1L << windowLog)) {
                        throw new IllegalStateException("lookback");
                    }
                    long from = s + j - lb;
                    x[s + j] = (d[j] + (from >= 0 ? x[(int) from] : 0)) & m;
                }
                return java.util.Arrays.copyOf(x, n);
            }
            default -> {
                int order = state.length;
                long[] x = new long[order + d.length];
                System.arraycopy(state, 0, x, 0, order);
                for (int i = 0; i < d.length; i++) {
                    long acc = bias;
                    for (int j = 0; j < order; j++) {
                        acc += w[j] * x[i + j];
                    }
                    x[order + i] = (d[i] + ((Math.max(acc, 0) >> q) & m)) & m;
                }
                return java.util.Arrays.copyOf(x, n);
            }
        }
    }

    static long join(PcoDecoder.NumberType t, int mode, long param, long[] dict, long l0, long l1) {
        int bits = t.bits;
        long m = mask(bits);
        long mid = 1L << (bits - 1);
        long latent = switch (mode) {
            case 0 -> l0;
            case 1 -> (l0 * param + l1) & m;
            case 2 -> {
                long fm = Numbers.intFloatFromLatent(bits, l0);
                double base = Numbers.floatToDouble(t, Numbers.fromLatentOrdered(t, param));
                long prod = switch (bits) {
                    case 64 -> Double.doubleToRawLongBits(Double.longBitsToDouble(fm) * base);
                    case 32 -> Float.floatToRawIntBits(Float.intBitsToFloat((int) fm) * (float) base) & 0xFFFF_FFFFL;
                    default -> Float.floatToFloat16(Float.float16ToFloat((short) fm) * (float) base) & 0xFFFFL;
                };
                yield (Numbers.floatToLatentOrdered(bits, prod) + l1 + mid) & m;
            }
            case 3 -> {
                long y = l0;
                int k = (int) param;
                boolean positive = Long.compareUnsigned(y, mid >>> k) >= 0;
                yield ((y << k) + (positive ? l1 : (1L << k) - 1 - l1)) & m;
            }
            default -> {
                if (l0 >= dict.length) {
                    throw new IllegalStateException("dict index");
                }
                yield dict[(int) l0];
            }
        };
        return Numbers.fromLatentOrdered(t, latent);
    }
}
