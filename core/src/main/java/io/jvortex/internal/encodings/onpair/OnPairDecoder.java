package io.jvortex.internal.encodings.onpair;

import io.jvortex.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The OnPair decompression kernel: each code names a dictionary token of up to 16 bytes; decoding
 * concatenates the tokens with two 8-byte stores per token.
 *
 * <p>The dictionary is copied once into heap arrays of 16 bytes per token (zero-padded), so the
 * decoder needs no read-padding in the file's dictionary buffer.
 */
public final class OnPairDecoder {
    /** Longest token, in bytes (the {@code onpair} crate's {@code MAX_TOKEN_SIZE}). */
    public static final int MAX_TOKEN_BYTES = 16;
    /** Bytes the output buffer must extend past the decoded length: one token store. */
    public static final int SLACK = MAX_TOKEN_BYTES;
    /** Returned by {@link #decompress} when a code names no token. */
    public static final long INVALID_CODE = -1;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Token {@code t}'s 16 bytes are {@code words[2t]} and {@code words[2t + 1]} (little-endian). */
    private final long[] words;
    private final int[] lengths;

    /**
     * Builds a decoder for the first {@code n} tokens. Precondition (the encoding validates it):
     * {@code dictOffsets} holds at least {@code n + 1} non-decreasing offsets within {@code dictBytes},
     * every one of the {@code n} token lengths in {@code 0..16}.
     *
     * @param dictBytes the concatenated tokens
     * @param dictOffsets the token offsets
     * @param n the number of tokens to tabulate (codes {@code >= n} are invalid)
     */
    public OnPairDecoder(MemorySegment dictBytes, PrimitiveArray dictOffsets, int n) {
        this.words = new long[2 * n];
        this.lengths = new int[n];
        byte[] token = new byte[MAX_TOKEN_BYTES];
        MemorySegment tokenSegment = MemorySegment.ofArray(token);
        for (int t = 0; t < n; t++) {
            long start = dictOffsets.getLong(t);
            int len = (int) (dictOffsets.getLong(t + 1) - start);
            java.util.Arrays.fill(token, (byte) 0);
            MemorySegment.copy(dictBytes, ValueLayout.JAVA_BYTE, start, token, 0, len);
            words[2 * t] = tokenSegment.get(LONG, 0);
            words[2 * t + 1] = tokenSegment.get(LONG, 8);
            lengths[t] = len;
        }
    }

    /** @return the number of tokens */
    public int tokenCount() {
        return lengths.length;
    }

    /**
     * Decodes {@code codes[start, end)} into {@code out}, stopping early once the output passes
     * {@code expected} bytes. Never writes at or beyond {@code expected + SLACK}.
     *
     * @param codes the codes, {@code u8} ({@code codeWidth} 1) or {@code u16} ({@code codeWidth} 2)
     * @param codeWidth 1 or 2
     * @param start first code index
     * @param end end code index (exclusive), within {@code codes}
     * @param out the output, at least {@code expected + SLACK} bytes
     * @param expected the number of bytes the codes should produce
     * @return the number of bytes produced (larger than {@code expected} means the codes produce
     *     more than declared), or {@link #INVALID_CODE}
     */
    public long decompress(MemorySegment codes, int codeWidth, long start, long end, MemorySegment out,
                           long expected) {
        final long[] w = words;
        final int[] len = lengths;
        final int n = len.length;
        long outPos = 0;
        long j = start;
        while (j < end && outPos <= expected) {
            // Every token advances at most 16 bytes and a store at outPos <= expected stays within the
            // slack, so this many codes can run without an output check.
            long batchEnd = Math.min(end, j + (expected - outPos) / MAX_TOKEN_BYTES + 1);
            if (codeWidth == 1) {
                for (; j < batchEnd; j++) {
                    int t = codes.get(ValueLayout.JAVA_BYTE, j) & 0xFF;
                    if (t >= n) {
                        return INVALID_CODE;
                    }
                    out.set(LONG, outPos, w[2 * t]);
                    out.set(LONG, outPos + 8, w[2 * t + 1]);
                    outPos += len[t];
                }
            } else {
                for (; j < batchEnd; j++) {
                    int t = codes.get(SHORT, 2 * j) & 0xFFFF;
                    if (t >= n) {
                        return INVALID_CODE;
                    }
                    out.set(LONG, outPos, w[2 * t]);
                    out.set(LONG, outPos + 8, w[2 * t + 1]);
                    outPos += len[t];
                }
            }
        }
        return outPos;
    }
}
