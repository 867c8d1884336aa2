package io.jvortex.expr;

import io.jvortex.array.Canonical;
import io.jvortex.array.Offsets;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * SQL {@code LIKE} over UTF-8 bytes: {@code %} matches any run of characters, {@code _} one
 * character (one UTF-8 sequence), a backslash makes the next pattern character literal.
 */
final class Like {
    private static final int ANY_ONE = -1;
    private static final int ANY_MANY = -2;

    private Like() {
    }

    /** The pattern as ops: a byte value 0..255, {@link #ANY_ONE} or {@link #ANY_MANY}. */
    static int[] compile(String pattern) {
        byte[] bytes = pattern.getBytes(StandardCharsets.UTF_8);
        int[] ops = new int[bytes.length];
        int k = 0;
        for (int i = 0; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b == '\\' && i + 1 < bytes.length) {
                ops[k++] = bytes[++i] & 0xFF;
            } else if (b == '%') {
                if (k == 0 || ops[k - 1] != ANY_MANY) {
                    ops[k++] = ANY_MANY;
                }
            } else if (b == '_') {
                ops[k++] = ANY_ONE;
            } else {
                ops[k++] = b & 0xFF;
            }
        }
        return java.util.Arrays.copyOf(ops, k);
    }

    /**
     * @param pattern a LIKE pattern
     * @return the literal bytes before its first wildcard, and whether the pattern is only that prefix
     *     followed by {@code %} (or nothing)
     */
    static byte[] literalPrefix(String pattern) {
        int[] ops = compile(pattern);
        int k = 0;
        while (k < ops.length && ops[k] >= 0) {
            k++;
        }
        byte[] out = new byte[k];
        for (int i = 0; i < k; i++) {
            out[i] = (byte) ops[i];
        }
        return out;
    }

    private static int charLength(int lead) {
        if (lead < 0x80) {
            return 1;
        }
        if (lead >= 0xF0) {
            return 4;
        }
        if (lead >= 0xE0) {
            return 3;
        }
        return lead >= 0xC0 ? 2 : 1;
    }

    static boolean matches(int[] ops, MemorySegment seg, long off, int len) {
        int p = 0;
        int s = 0;
        int starP = -1;
        int starS = -1;
        int m = ops.length;
        while (s < len) {
            int b = seg.get(ValueLayout.JAVA_BYTE, off + s) & 0xFF;
            if (p < m && ops[p] == ANY_ONE) {
                s += charLength(b);
                p++;
            } else if (p < m && ops[p] == b) {
                s++;
                p++;
            } else if (p < m && ops[p] == ANY_MANY) {
                starP = p++;
                starS = s;
            } else if (starP >= 0) {
                p = starP + 1;
                starS += charLength(seg.get(ValueLayout.JAVA_BYTE, off + starS) & 0xFF);
                s = starS;
            } else {
                return false;
            }
        }
        if (s > len) {
            return false; // a '_' consumed a truncated character
        }
        while (p < m && ops[p] == ANY_MANY) {
            p++;
        }
        return p == m;
    }

    static long[] match(Canonical strings, String pattern, int n) {
        int[] ops = compile(pattern);
        long[] out = new long[Evaluator.words(n)];
        switch (strings) {
            case VarBinViewArray v -> {
                MemorySegment views = v.views();
                MemorySegment[] buffers = v.dataBuffers().toArray(new MemorySegment[0]);
                for (int i = 0; i < n; i++) {
                    long view = 16L * i;
                    int size = views.get(ValueLayout.JAVA_INT_UNALIGNED, view);
                    boolean r = size <= VarBinViewArray.MAX_INLINE ? matches(ops, views, view + 4, size)
                            : matches(ops, buffers[views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 8)],
                            Integer.toUnsignedLong(views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 12)), size);
                    out[i >>> 6] |= (r ? 1L : 0L) << i;
                }
            }
            case VarBinArray v -> {
                long[] offsets = new long[n + 1];
                Offsets.widen(v.offsets(), 0, n + 1, offsets);
                for (int i = 0; i < n; i++) {
                    boolean r = matches(ops, v.bytes(), offsets[i], (int) (offsets[i + 1] - offsets[i]));
                    out[i >>> 6] |= (r ? 1L : 0L) << i;
                }
            }
            default -> throw new IllegalArgumentException("LIKE over " + strings.dtype().display());
        }
        return out;
    }

    static long[] startsWith(Canonical strings, byte[] prefix, int n) {
        MemorySegment p = MemorySegment.ofArray(prefix);
        int plen = prefix.length;
        long[] out = new long[Evaluator.words(n)];
        switch (strings) {
            case VarBinViewArray v -> {
                MemorySegment views = v.views();
                MemorySegment[] buffers = v.dataBuffers().toArray(new MemorySegment[0]);
                for (int i = 0; i < n; i++) {
                    long view = 16L * i;
                    int size = views.get(ValueLayout.JAVA_INT_UNALIGNED, view);
                    boolean r = size >= plen && (size <= VarBinViewArray.MAX_INLINE
                            ? MemorySegment.mismatch(views, view + 4, view + 4 + plen, p, 0, plen) < 0
                            : MemorySegment.mismatch(buffers[views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 8)],
                            Integer.toUnsignedLong(views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 12)),
                            Integer.toUnsignedLong(views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 12)) + plen,
                            p, 0, plen) < 0);
                    out[i >>> 6] |= (r ? 1L : 0L) << i;
                }
            }
            case VarBinArray v -> {
                long[] offsets = new long[n + 1];
                Offsets.widen(v.offsets(), 0, n + 1, offsets);
                for (int i = 0; i < n; i++) {
                    boolean r = offsets[i + 1] - offsets[i] >= plen
                            && MemorySegment.mismatch(v.bytes(), offsets[i], offsets[i] + plen, p, 0, plen) < 0;
                    out[i >>> 6] |= (r ? 1L : 0L) << i;
                }
            }
            default -> throw new IllegalArgumentException("STARTS_WITH over " + strings.dtype().display());
        }
        return out;
    }
}
