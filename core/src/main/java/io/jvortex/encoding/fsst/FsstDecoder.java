package io.jvortex.encoding.fsst;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The FSST decompression kernel: turns a run of codes into bytes with one 8-byte store per symbol.
 *
 * <p>A {@code FsstDecoder} holds one symbol table in heap arrays indexed by code; it is immutable
 * and cheap to build (256 entries).
 */
public final class FsstDecoder {
    /** The escape code: the next code byte is a literal. */
    public static final int ESCAPE = 255;
    /** Bytes the output buffer must extend past the decoded length: one symbol store. */
    public static final int SLACK = 8;

    /** Returned by {@link #decompress} when a code names no symbol. */
    public static final long INVALID_CODE = -1;
    /** Returned by {@link #decompress} when the codes end with an escape and no literal. */
    public static final long TRUNCATED_ESCAPE = -2;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    // Length of a code that names no symbol: outside 1..8 so that it is visible in the OR of all
    // lengths, and small so that the batched loop's room check still covers it.
    private static final int INVALID = 16;
    // Room the batched loop needs: after three codes of at most INVALID bytes the fourth store still
    // ends within the slack.
    private static final int BATCH_ROOM = 3 * INVALID;

    private final long[] symbols = new long[256];
    private final int[] lengths = new int[256];
    private final int symbolCount;

    /**
     * Builds a decoder. Precondition: {@code symbols} holds {@code 8 × n} bytes and {@code
     * symbolLengths} {@code n <= 255} bytes, each in {@code 1..8} (the encoding validates this).
     *
     * @param symbols {@code n} little-endian 8-byte symbols
     * @param symbolLengths {@code n} symbol lengths
     */
    public FsstDecoder(MemorySegment symbols, MemorySegment symbolLengths) {
        this.symbolCount = (int) symbolLengths.byteSize();
        java.util.Arrays.fill(lengths, INVALID);
        for (int c = 0; c < symbolCount; c++) {
            this.symbols[c] = symbols.get(LONG, 8L * c);
            this.lengths[c] = symbolLengths.get(ValueLayout.JAVA_BYTE, c);
        }
    }

    /** @return the number of symbols */
    public int symbolCount() {
        return symbolCount;
    }

    /**
     * Decompresses {@code in[inStart, inEnd)} into {@code out}, stopping early once the output passes
     * {@code expected} bytes. Never writes at or beyond {@code expected + SLACK}.
     *
     * @param in the codes
     * @param inStart first code
     * @param inEnd end of the codes (exclusive), {@code <= in.byteSize()}
     * @param out the output, at least {@code expected + SLACK} bytes
     * @param expected the number of bytes the codes should produce
     * @return the number of bytes produced (compare with {@code expected}: larger means the codes
     *     produce more than declared), or {@link #INVALID_CODE} / {@link #TRUNCATED_ESCAPE}
     */
    public long decompress(MemorySegment in, long inStart, long inEnd, MemorySegment out, long expected) {
        final long[] sym = symbols;
        final int[] len = lengths;
        long inPos = inStart;
        long outPos = 0;
        int seen = 0; // OR of all symbol lengths emitted; bit 4 set = an invalid code was met
        while (true) {
            if (inPos + 4 <= inEnd && outPos + BATCH_ROOM <= expected) {
                int x = in.get(INT, inPos);
                int t = ~x; // an escape byte 0xFF in x is a zero byte in t
                if (((t - 0x0101_0101) & ~t & 0x8080_8080) == 0) {
                    int c0 = x & 0xFF;
                    int c1 = (x >>> 8) & 0xFF;
                    int c2 = (x >>> 16) & 0xFF;
                    int c3 = x >>> 24;
                    int l0 = len[c0];
                    int l1 = len[c1];
                    int l2 = len[c2];
                    int l3 = len[c3];
                    out.set(LONG, outPos, sym[c0]);
                    outPos += l0;
                    out.set(LONG, outPos, sym[c1]);
                    outPos += l1;
                    out.set(LONG, outPos, sym[c2]);
                    outPos += l2;
                    out.set(LONG, outPos, sym[c3]);
                    outPos += l3;
                    seen |= l0 | l1 | l2 | l3;
                    inPos += 4;
                    continue;
                }
            }
            if (inPos >= inEnd || outPos > expected) {
                break;
            }
            int c = in.get(ValueLayout.JAVA_BYTE, inPos) & 0xFF;
            if (c == ESCAPE) {
                if (inPos + 1 >= inEnd) {
                    return TRUNCATED_ESCAPE;
                }
                out.set(ValueLayout.JAVA_BYTE, outPos, in.get(ValueLayout.JAVA_BYTE, inPos + 1));
                outPos++;
                inPos += 2;
            } else {
                int l = len[c];
                out.set(LONG, outPos, sym[c]);
                outPos += l;
                seen |= l;
                inPos++;
            }
        }
        if ((seen & INVALID) != 0) {
            return INVALID_CODE;
        }
        return outPos;
    }

    /**
     * Finds the first code that names no symbol, for error messages.
     *
     * @param in the codes
     * @param inStart first code
     * @param inEnd end of the codes
     * @return the position of the first invalid code, or -1
     */
    public long findInvalidCode(MemorySegment in, long inStart, long inEnd) {
        for (long i = inStart; i < inEnd; i++) {
            int c = in.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
            if (c == ESCAPE) {
                i++;
            } else if (lengths[c] == INVALID) {
                return i;
            }
        }
        return -1;
    }
}
