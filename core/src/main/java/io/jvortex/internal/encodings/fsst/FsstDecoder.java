package io.jvortex.internal.encodings.fsst;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The FSST decompression kernel: turns a run of codes into bytes with one 8-byte store per symbol.
 *
 * <p>A {@code FsstDecoder} holds one symbol table in heap arrays indexed by code and is cheap to
 * build (256 entries). It remembers whether its last output was ASCII, so one decoder serves one
 * thread.
 */
public final class FsstDecoder {
    /** The escape code: the next code byte is a literal. */
    public static final int ESCAPE = 255;
    // Bytes a block's buffer extends past the most it decodes: one symbol store.
    private static final int SLACK = 8;

    /** Returned by {@link #decompress} when a code names no symbol. */
    public static final long INVALID_CODE = -1;
    /** Returned by {@link #decompress} when the codes end with an escape and no literal. */
    public static final long TRUNCATED_ESCAPE = -2;

    private static final VarHandle HEAP_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    // Codes decoded per block: the code block and the 16-fold output buffer stay in the L1/L2 caches.
    private static final int BLOCK = 4 * 1024;

    // Length of a code that names no symbol: outside 1..8 so that it is visible in the OR of all
    // lengths, and small so that the batched loop's room check still covers it.
    private static final int INVALID = 16;
    // Flag in the OR of the lengths: an escaped literal with its high bit set.
    private static final int NON_ASCII_LITERAL = 32;

    private final long[] symbols = new long[256];
    private final int[] lengths = new int[256];
    private final int symbolCount;
    // The most one code other than the escape advances the output (INVALID when some code names no symbol).
    private final int maxAdvance;
    // Whether every symbol's bytes are ASCII.
    private final boolean asciiSymbols;
    private boolean lastOutputAscii;

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
        boolean ascii = true;
        for (int c = 0; c < symbolCount; c++) {
            long symbol = symbols.get(LONG, 8L * c);
            int length = symbolLengths.get(ValueLayout.JAVA_BYTE, c);
            this.symbols[c] = symbol;
            this.lengths[c] = length;
            // The bytes past a symbol's length are overwritten by the next code's, or lie past the end.
            long used = length >= 8 ? symbol : symbol & ((1L << (8 * length)) - 1);
            ascii &= (used & 0x8080_8080_8080_8080L) == 0;
        }
        int most = 0;
        for (int c = 0; c < ESCAPE; c++) {
            most = Math.max(most, lengths[c]);
        }
        this.maxAdvance = most;
        this.asciiSymbols = ascii;
    }

    /** @return the number of symbols */
    public int symbolCount() {
        return symbolCount;
    }

    /**
     * Decompresses {@code in[inStart, inEnd)} into {@code out}, stopping early once the output passes
     * {@code expected} bytes. Writes {@code out} only below {@code expected}.
     *
     * <p>Works in blocks: a block of codes is copied out of {@code in} onto the heap, decoded with one
     * 8-byte store per symbol into a heap buffer with room for the most the block can write, and the
     * block's bytes are copied to {@code out} up to {@code expected}. The decoding loop touches heap
     * arrays only. When it stored straight into {@code out}, the JIT hoisted checks of the segment out
     * of the loop on profile data; in about half of the JVMs one of them failed once and the method was
     * compiled again without them, which made a scan of TPC-H {@code l_comment} about 40 % slower for
     * the rest of that JVM's life (5 of 8 JVMs trapped; 0 of 16 with the heap buffer). The copy costs
     * about 2 % of the fast case.
     *
     * <p>Afterwards {@link #lastOutputAscii()} tells whether every produced byte is ASCII.
     *
     * @param in the codes
     * @param inStart first code
     * @param inEnd end of the codes (exclusive), {@code <= in.byteSize()}
     * @param out the output, at least {@code expected} bytes
     * @param expected the number of bytes the codes should produce
     * @return the number of bytes produced (compare with {@code expected}: larger means the codes
     *     produce more than declared), or {@link #INVALID_CODE} / {@link #TRUNCATED_ESCAPE}
     */
    public long decompress(MemorySegment in, long inStart, long inEnd, MemorySegment out, long expected) {
        lastOutputAscii = false;
        long remaining = inEnd - inStart;
        if (remaining <= 0) {
            lastOutputAscii = true;
            return 0;
        }
        int blockCap = (int) Math.min(BLOCK, remaining);
        // One byte more than a block: the literal of an escape that ends the block.
        byte[] codes = new byte[blockCap + 1];
        // The most a block writes: every code advances at most maxAdvance bytes (an escape pair one),
        // the last store reaches SLACK bytes further.
        byte[] block = new byte[blockCap * maxAdvance + SLACK];
        long inPos = inStart;
        long outPos = 0;
        int seen = 0;
        while (inPos < inEnd && outPos <= expected) {
            int n = (int) Math.min(blockCap, inEnd - inPos);
            int avail = inPos + n < inEnd ? n + 1 : n;
            MemorySegment.copy(in, ValueLayout.JAVA_BYTE, inPos, codes, 0, avail);
            long r = decodeBlock(codes, n, avail, block);
            if (r == TRUNCATED_ESCAPE) {
                return TRUNCATED_ESCAPE;
            }
            int produced = (int) r;
            long keep = Math.min(produced, expected - outPos);
            if (keep > 0) {
                MemorySegment.copy(block, 0, out, ValueLayout.JAVA_BYTE, outPos, (int) keep);
            }
            outPos += produced;
            inPos += (int) (r >>> 32) & 0xFF_FFFF;
            seen |= (int) (r >>> 56);
        }
        if ((seen & INVALID) != 0) {
            return INVALID_CODE;
        }
        lastOutputAscii = asciiSymbols && (seen & NON_ASCII_LITERAL) == 0;
        return outPos;
    }

    /**
     * @return whether the bytes produced by the last successful {@link #decompress} are all ASCII
     *     (every symbol of the table and every escaped literal is); false after a failed one
     */
    public boolean lastOutputAscii() {
        return lastOutputAscii;
    }

    /**
     * Decodes the codes {@code codes[0, n)} (an escape at {@code n - 1} takes its literal from
     * {@code codes[n]} when {@code avail > n}) into {@code dst} from its start. Precondition:
     * {@code dst} has {@code n × maxAdvance + SLACK} bytes, so no code needs a room check.
     *
     * <p>Codes naming a symbol are decoded by a counted loop that leaves at the first code whose
     * length is {@code INVALID} (the escape, or a code naming no symbol), which the per-code path
     * below it takes. A counted loop is one the JIT unrolls, and testing the length it loads anyway
     * adds no load. Measured on 131 K TPC-H {@code l_comment} rows (1.2 M codes, a 217-symbol
     * table): 0.93 to 1.0 ns per code, where a loop testing four codes at a time and stepping by
     * one, two or four took 1.6 ns.
     *
     * @return {@link #TRUNCATED_ESCAPE}, or three fields packed into a non-negative long: the bytes
     *     produced (bits 0–31, at most {@code INVALID × BLOCK}), the codes consumed (bits 32–55, at most
     *     {@code BLOCK + 1}) and the OR of the lengths the per-code path emitted (it takes every code
     *     naming no symbol, whose length is {@code INVALID}), plus {@link #NON_ASCII_LITERAL}
     *     when an escaped literal is not ASCII (bits 56–61)
     */
    private long decodeBlock(byte[] codes, int n, int avail, byte[] dst) {
        final long[] sym = symbols;
        final int[] len = lengths;
        int o = 0;
        int seenLengths = 0;
        int i = 0;
        while (i < n) {
            for (; i < n; i++) {
                int c = codes[i] & 0xFF;
                int l = len[c];
                if (l >= INVALID) {
                    break;
                }
                HEAP_LONG.set(dst, o, sym[c]);
                o += l;
            }
            if (i == n) {
                break;
            }
            int c = codes[i] & 0xFF;
            if (c == ESCAPE) {
                if (i + 1 >= avail) {
                    return TRUNCATED_ESCAPE;
                }
                byte literal = codes[i + 1];
                dst[o++] = literal;
                seenLengths |= (literal >>> 2) & NON_ASCII_LITERAL; // bit 7 of the literal
                i += 2;
            } else {
                // names no symbol: its length, INVALID, is reported through the OR
                int l = len[c];
                HEAP_LONG.set(dst, o, sym[c]);
                o += l;
                seenLengths |= l;
                i++;
            }
        }
        return ((long) seenLengths << 56) | ((long) i << 32) | o;
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
