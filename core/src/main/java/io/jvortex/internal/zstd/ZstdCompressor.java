package io.jvortex.internal.zstd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * A pure-Java Zstandard compressor producing standard RFC 8878 frames: one frame per call with the
 * content size in its header and, optionally, the XXH64 content checksum.
 *
 * <p>Matches are found with a hash chain (five-byte hash, candidates up to 1 MiB back, six per
 * position by default) and one step of lazy evaluation; the three repeat offsets are tried too,
 * also for four-byte matches, and win unless a new offset is clearly longer. Inputs up to 8 MiB are single-segment frames (the window is the content);
 * larger ones declare an 8 MiB window. Each block of up to 128 KiB codes its literals
 * with Huffman (one stream below 256 literals, four above, the tree description direct or
 * FSE-compressed) and its sequences with FSE, choosing per symbol type between the predefined
 * table, an RLE table and a table fitted to the block, by estimated size. A block that does not
 * shrink is stored raw, a block of one repeated byte as RLE.
 *
 * <pre>{@code
 * ZstdCompressor c = new ZstdCompressor();
 * byte[] frame = c.compress(bytes, 0, bytes.length);
 * }</pre>
 *
 * <p>Instances keep their tables between calls (reuse one for many frames) and are not thread-safe.
 */
public final class ZstdCompressor {
    /** Default number of hash-chain candidates examined per position. */
    public static final int DEFAULT_SEARCH_DEPTH = 6;

    private static final int MAGIC = ZstdDecoder.MAGIC;
    private static final int MAX_BLOCK = ZstdDecoder.MAX_BLOCK;
    private static final int MIN_MATCH = 4;
    /** Matches at least this long are taken without looking one byte further. */
    private static final int LAZY_LIMIT = 32;
    /** A match this long ends the candidate search: longer searches cost more than they gain. */
    private static final int GOOD_LENGTH = 256;
    private static final int WINDOW_LOG = 23;
    private static final int MAX_CHAIN_LOG = 20;
    private static final int MAX_HASH_LOG = 17;
    private static final int MAX_SEQUENCES = MAX_BLOCK / MIN_MATCH + 1;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int[] LL_CODE = new int[64];
    private static final int[] ML_CODE = new int[128];

    static {
        for (int v = 0; v < 64; v++) {
            int code = 0;
            while (code + 1 < FseTable.LL_BASE.length && FseTable.LL_BASE[code + 1] <= v) {
                code++;
            }
            LL_CODE[v] = code;
        }
        for (int v = 0; v < 128; v++) {
            int code = 0;
            while (code + 1 < FseTable.ML_BASE.length && FseTable.ML_BASE[code + 1] - 3 <= v) {
                code++;
            }
            ML_CODE[v] = code;
        }
    }

    private final boolean checksum;
    private final int searchDepth;

    // Match finder.
    private int[] head = new int[0];
    private int[] chain = new int[0];
    private int hashLog;
    private int chainMask;
    private int maxDistance;
    private int nextToInsert;

    // Current block.
    private final byte[] literals = new byte[MAX_BLOCK + 8];
    private int literalCount;
    private final int[] seqLiteralLength = new int[MAX_SEQUENCES];
    private final int[] seqMatchLength = new int[MAX_SEQUENCES];
    private final int[] seqOffsetValue = new int[MAX_SEQUENCES];
    private final byte[] llCodes = new byte[MAX_SEQUENCES];
    private final byte[] mlCodes = new byte[MAX_SEQUENCES];
    private final byte[] ofCodes = new byte[MAX_SEQUENCES];
    private int sequenceCount;
    private int rep1;
    private int rep2;
    private int rep3;

    // Entropy coding.
    private final int[] literalCounts = new int[256];
    private final int[] llCounts = new int[FseTable.MAX_LITERAL_LENGTH_SYMBOL + 1];
    private final int[] mlCounts = new int[FseTable.MAX_MATCH_LENGTH_SYMBOL + 1];
    private final int[] ofCounts = new int[FseTable.MAX_OFFSET_SYMBOL + 1];
    private final FseEncoder llFse = new FseEncoder(9);
    private final FseEncoder mlFse = new FseEncoder(9);
    private final FseEncoder ofFse = new FseEncoder(8);
    private final HuffmanEncoder huffman = new HuffmanEncoder();
    private final BitWriter bits = new BitWriter();
    private byte[] block = new byte[MAX_BLOCK + 1024];

    /** A compressor without content checksum and the default search depth. */
    public ZstdCompressor() {
        this(false, DEFAULT_SEARCH_DEPTH);
    }

    /**
     * @param checksum whether frames end with the XXH64 content checksum
     * @param searchDepth hash-chain candidates examined per position (1..4096; more is slower and
     *     usually a little smaller)
     */
    public ZstdCompressor(boolean checksum, int searchDepth) {
        if (searchDepth < 1 || searchDepth > 4096) {
            throw new IllegalArgumentException("searchDepth must be in 1..4096, got " + searchDepth);
        }
        this.checksum = checksum;
        this.searchDepth = searchDepth;
    }

    /**
     * @param size an input size
     * @return the largest frame {@link #compress} can produce for it
     */
    public static long maxCompressedSize(long size) {
        return size + 3 * (size / MAX_BLOCK + 1) + 18 + 4;
    }

    /**
     * Compresses a segment into one frame.
     *
     * @param src the bytes (at most {@code Integer.MAX_VALUE - 64})
     * @return the frame
     */
    public byte[] compress(MemorySegment src) {
        Objects.requireNonNull(src, "src");
        if (src.byteSize() > ZstdDecoder.MAX_FRAME_OUTPUT) {
            throw new IllegalArgumentException("src of " + src.byteSize() + " bytes is too large for one frame");
        }
        byte[] bytes = src.toArray(ValueLayout.JAVA_BYTE);
        return compress(bytes, 0, bytes.length);
    }

    /**
     * Compresses {@code src[offset..offset+length)} into one frame.
     *
     * @param src the input array
     * @param offset first byte
     * @param length byte count
     * @return the frame
     */
    public byte[] compress(byte[] src, int offset, int length) {
        Objects.requireNonNull(src, "src");
        Objects.checkFromIndexSize(offset, length, src.length);
        if (length > ZstdDecoder.MAX_FRAME_OUTPUT) {
            throw new IllegalArgumentException("length " + length + " is too large for one frame");
        }
        byte[] in = offset == 0 && length == src.length ? src : Arrays.copyOfRange(src, offset, offset + length);
        byte[] out = new byte[(int) Math.min(Integer.MAX_VALUE - 8, maxCompressedSize(length))];
        int op = writeFrameHeader(out, length);
        prepareMatchFinder(length);
        rep1 = 1;
        rep2 = 4;
        rep3 = 8;
        int pos = 0;
        do {
            int end = Math.min(length, pos + MAX_BLOCK);
            op = writeBlock(in, pos, end, end == length, out, op);
            pos = end;
        } while (pos < length);
        if (checksum) {
            INT.set(out, op, (int) XxHash64.hash(in, 0, length, 0));
            op += 4;
        }
        return Arrays.copyOf(out, op);
    }

    private int writeFrameHeader(byte[] out, int length) {
        INT.set(out, 0, MAGIC);
        boolean single = length <= 1 << WINDOW_LOG;
        int fcsFlag;
        if (length < 256 && single) {
            fcsFlag = 0;
        } else if (length < 65536 + 256) {
            fcsFlag = 1;
        } else {
            fcsFlag = 2;
        }
        out[4] = (byte) ((fcsFlag << 6) | (single ? 0x20 : 0) | (checksum ? 0x04 : 0));
        int p = 5;
        if (!single) {
            out[p++] = (byte) ((WINDOW_LOG - 10) << 3);
        }
        switch (fcsFlag) {
            case 0 -> out[p++] = (byte) length;
            case 1 -> {
                int v = length - 256;
                out[p++] = (byte) v;
                out[p++] = (byte) (v >>> 8);
            }
            default -> {
                INT.set(out, p, length);
                p += 4;
            }
        }
        return p;
    }

    private void prepareMatchFinder(int length) {
        int log = 32 - Integer.numberOfLeadingZeros(Math.max(1, length - 1));
        hashLog = Math.max(8, Math.min(MAX_HASH_LOG, log));
        int chainLog = Math.max(8, Math.min(MAX_CHAIN_LOG, log));
        if (head.length < 1 << hashLog) {
            head = new int[1 << hashLog];
        }
        if (chain.length < 1 << chainLog) {
            chain = new int[1 << chainLog];
        }
        Arrays.fill(head, 0, 1 << hashLog, -1);
        chainMask = (1 << chainLog) - 1;
        maxDistance = Math.min(1 << WINDOW_LOG, chainMask);
        nextToInsert = 0;
    }

    // ---------------------------------------------------------------- blocks

    private int writeBlock(byte[] in, int start, int end, boolean last, byte[] out, int op) {
        int size = end - start;
        if (size > 0 && isRun(in, start, end)) {
            writeBlockHeader(out, op, last, 1, size);
            out[op + 3] = in[start];
            return op + 4;
        }
        int savedRep1 = rep1;
        int savedRep2 = rep2;
        int savedRep3 = rep3;
        int compressed = size < 16 ? -1 : compressBlock(in, start, end);
        if (compressed < 0 || compressed >= size) {
            rep1 = savedRep1;
            rep2 = savedRep2;
            rep3 = savedRep3;
            writeBlockHeader(out, op, last, 0, size);
            System.arraycopy(in, start, out, op + 3, size);
            return op + 3 + size;
        }
        writeBlockHeader(out, op, last, 2, compressed);
        System.arraycopy(block, 0, out, op + 3, compressed);
        return op + 3 + compressed;
    }

    private static boolean isRun(byte[] in, int start, int end) {
        byte b = in[start];
        for (int i = start + 1; i < end; i++) {
            if (in[i] != b) {
                return false;
            }
        }
        return true;
    }

    private static void writeBlockHeader(byte[] out, int op, boolean last, int type, int size) {
        int h = (last ? 1 : 0) | (type << 1) | (size << 3);
        out[op] = (byte) h;
        out[op + 1] = (byte) (h >>> 8);
        out[op + 2] = (byte) (h >>> 16);
    }

    /** Compresses one block into {@link #block}; returns its size, or -1 when it does not fit a block. */
    private int compressBlock(byte[] in, int start, int end) {
        findSequences(in, start, end);
        int bound = literalCount + 1024 + 12 * sequenceCount;
        if (block.length < bound) {
            block = new byte[bound];
        }
        int p = writeLiterals(block, 0);
        p = writeSequences(block, p);
        return p > MAX_BLOCK ? -1 : p;
    }

    // ---------------------------------------------------------------- match finding

    /** Bytes hashed: five keeps chains free of the many four-byte coincidences of text. */
    private static final int HASH_BYTES = 5;
    private static final long HASH_MASK = HASH_BYTES == 8 ? -1L : (1L << (8 * HASH_BYTES)) - 1;

    /** Hash of the {@link #HASH_BYTES} bytes at {@code p} (the caller guarantees 8 readable bytes). */
    private static int hash(byte[] in, int p, int log) {
        return (int) ((((long) LONG.get(in, p) & HASH_MASK) * 0x9E3779B185EBCA87L) >>> (64 - log));
    }

    private void insertUpTo(byte[] in, int target) {
        int limit = Math.min(target, in.length - 7);
        int[] h = head;
        int[] c = chain;
        int log = hashLog;
        int mask = chainMask;
        for (int p = nextToInsert; p < limit; p++) {
            int k = hash(in, p, log);
            c[p & mask] = h[k];
            h[k] = p;
        }
        if (target > nextToInsert) {
            nextToInsert = target;
        }
    }

    /** Longest match for {@code ip} (at most {@code end - ip} long); returns {@code length << 32 | offset} or 0. */
    private long search(byte[] in, int ip, int end) {
        insertUpTo(in, ip);
        int maxLength = end - ip;
        if (maxLength < MIN_MATCH || ip + 8 > in.length) {
            return 0;
        }
        int bestLength = MIN_MATCH - 1;
        int bestOffset = 0;
        int first = (int) INT.get(in, ip);
        int candidate = head[hash(in, ip, hashLog)];
        int limit = ip - maxDistance;
        int[] c = chain;
        int mask = chainMask;
        for (int depth = searchDepth; candidate >= 0 && candidate > limit && depth > 0; depth--) {
            // Reject cheaply: a better match must agree on the four bytes ending one past the best so far.
            if ((int) INT.get(in, candidate + bestLength - 3) == (int) INT.get(in, ip + bestLength - 3)
                    && (int) INT.get(in, candidate) == first) {
                int length = MIN_MATCH + matchLength(in, candidate + MIN_MATCH, ip + MIN_MATCH, end);
                if (length > bestLength) {
                    bestLength = length;
                    bestOffset = ip - candidate;
                    if (length >= GOOD_LENGTH || length == maxLength) {
                        break;
                    }
                }
            }
            candidate = c[candidate & mask];
        }
        return bestOffset == 0 ? 0 : ((long) bestLength << 32) | bestOffset;
    }

    /** Bytes that agree from {@code a} and {@code b} on, with {@code b} running at most to {@code end}. */
    private static int matchLength(byte[] in, int a, int b, int end) {
        int start = b;
        int limit = end - 8;
        while (b <= limit) {
            long x = (long) LONG.get(in, a) ^ (long) LONG.get(in, b);
            if (x != 0) {
                return b - start + (Long.numberOfTrailingZeros(x) >>> 3);
            }
            a += 8;
            b += 8;
            if (b - start >= 64 && b <= limit) {
                // A long match: let the vectorized comparison finish it.
                int n = end - b;
                int m = Arrays.mismatch(in, a, a + n, in, b, b + n);
                return b - start + (m < 0 ? n : m);
            }
        }
        while (b < end && in[a] == in[b]) {
            a++;
            b++;
        }
        return b - start;
    }

    /** Length of a match at {@code ip} against {@code offset} bytes back, 0 if shorter than the minimum. */
    private static int repeatLength(byte[] in, int ip, int offset, int end) {
        int from = ip - offset;
        if (from < 0 || end - ip < MIN_MATCH || (int) INT.get(in, from) != (int) INT.get(in, ip)) {
            return 0;
        }
        return MIN_MATCH + matchLength(in, from + MIN_MATCH, ip + MIN_MATCH, end);
    }

    /**
     * Longest match at a repeat offset: {@code length << 32 | offset}, or 0. Right after a match (no
     * literals) the last offset is not a repeat code, and would have extended that match anyway.
     */
    private long bestRepeat(byte[] in, int ip, int end, boolean afterLiterals) {
        int best = afterLiterals ? repeatLength(in, ip, rep1, end) : 0;
        int offset = rep1;
        int l = repeatLength(in, ip, rep2, end);
        if (l > best) {
            best = l;
            offset = rep2;
        }
        l = repeatLength(in, ip, rep3, end);
        if (l > best) {
            best = l;
            offset = rep3;
        }
        return best < MIN_MATCH ? 0 : ((long) best << 32) | offset;
    }

    /** Rough value of a match in quarter bytes: its length minus what coding its offset costs. */
    private int gain(int length, int offset) {
        int bits = offset == rep1 || offset == rep2 || offset == rep3 ? 1 : 32 - Integer.numberOfLeadingZeros(offset);
        return length * 4 - bits;
    }

    private void findSequences(byte[] in, int start, int end) {
        literalCount = 0;
        sequenceCount = 0;
        int anchor = start;
        int ip = start;
        int searchEnd = end - MIN_MATCH;
        while (ip <= searchEnd) {
            int length;
            int offset;
            long repeat = bestRepeat(in, ip, end, ip > anchor);
            int repLength = (int) (repeat >>> 32);
            long found = search(in, ip, end);
            int foundLength = (int) (found >>> 32);
            if (repLength >= MIN_MATCH && (foundLength < MIN_MATCH
                    || gain(repLength, (int) repeat) >= gain(foundLength, (int) found))) {
                length = repLength;
                offset = (int) repeat;
            } else if (foundLength >= MIN_MATCH) {
                length = foundLength;
                offset = (int) found;
            } else {
                ip += 1 + ((ip - anchor) >> 8);
                continue;
            }
            // One step of lazy evaluation: a clearly better match one byte later wins.
            while (ip + 1 <= searchEnd && length < LAZY_LIMIT) {
                long next = search(in, ip + 1, end);
                int nextLength = (int) (next >>> 32);
                int nextOffset = (int) next;
                long nextRepeat = bestRepeat(in, ip + 1, end, true);
                int nextRep = (int) (nextRepeat >>> 32);
                if (nextRep >= MIN_MATCH && (nextLength < MIN_MATCH
                        || gain(nextRep, (int) nextRepeat) >= gain(nextLength, nextOffset))) {
                    nextLength = nextRep;
                    nextOffset = (int) nextRepeat;
                }
                if (nextLength >= MIN_MATCH && gain(nextLength, nextOffset) > gain(length, offset) + 4) {
                    ip++;
                    length = nextLength;
                    offset = nextOffset;
                } else {
                    break;
                }
            }
            // Extend backwards over literals that also match.
            while (ip > anchor && ip - offset > 0 && in[ip - 1] == in[ip - 1 - offset]) {
                ip--;
                length++;
            }
            addSequence(in, anchor, ip - anchor, offset, length);
            ip += length;
            anchor = ip;
            insertUpTo(in, Math.min(ip, end));
        }
        int rest = end - anchor;
        System.arraycopy(in, anchor, literals, literalCount, rest);
        literalCount += rest;
    }

    private void addSequence(byte[] in, int anchor, int literalLength, int offset, int matchLength) {
        System.arraycopy(in, anchor, literals, literalCount, literalLength);
        literalCount += literalLength;
        int value;
        if (literalLength > 0) {
            if (offset == rep1) {
                value = 1;
            } else if (offset == rep2) {
                value = 2;
                rep2 = rep1;
                rep1 = offset;
            } else if (offset == rep3) {
                value = 3;
                rep3 = rep2;
                rep2 = rep1;
                rep1 = offset;
            } else {
                value = offset + 3;
                rep3 = rep2;
                rep2 = rep1;
                rep1 = offset;
            }
        } else {
            if (offset == rep2) {
                value = 1;
                rep2 = rep1;
                rep1 = offset;
            } else if (offset == rep3) {
                value = 2;
                rep3 = rep2;
                rep2 = rep1;
                rep1 = offset;
            } else if (offset == rep1 - 1) {
                value = 3;
                rep3 = rep2;
                rep2 = rep1;
                rep1 = offset;
            } else {
                value = offset + 3;
                rep3 = rep2;
                rep2 = rep1;
                rep1 = offset;
            }
        }
        int n = sequenceCount++;
        seqLiteralLength[n] = literalLength;
        seqMatchLength[n] = matchLength;
        seqOffsetValue[n] = value;
    }

    // ---------------------------------------------------------------- literals

    private int writeLiterals(byte[] out, int p) {
        int n = literalCount;
        Arrays.fill(literalCounts, 0);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (literalCounts[literals[i] & 0xFF]++ == 0) {
                distinct++;
            }
        }
        if (distinct == 1 && n > 2) {
            p = writeRawLiteralsHeader(out, p, 1, n);
            out[p] = literals[0];
            return p + 1;
        }
        if (n >= 32 && distinct > 1) {
            int q = writeHuffmanLiterals(out, p);
            if (q > 0) {
                return q;
            }
        }
        p = writeRawLiteralsHeader(out, p, 0, n);
        System.arraycopy(literals, 0, out, p, n);
        return p + n;
    }

    private static int writeRawLiteralsHeader(byte[] out, int p, int type, int n) {
        if (n < 32) {
            out[p] = (byte) (type | (n << 3));
            return p + 1;
        }
        if (n < 4096) {
            int h = type | (1 << 2) | (n << 4);
            out[p] = (byte) h;
            out[p + 1] = (byte) (h >>> 8);
            return p + 2;
        }
        int h = type | (3 << 2) | (n << 4);
        out[p] = (byte) h;
        out[p + 1] = (byte) (h >>> 8);
        out[p + 2] = (byte) (h >>> 16);
        return p + 3;
    }

    /** Writes Huffman-compressed literals; returns the position after them or -1 if raw is not worse. */
    private int writeHuffmanLiterals(byte[] out, int p) {
        int n = literalCount;
        huffman.build(literalCounts);
        long estimate = (huffman.encodedBits(literalCounts) + 7) / 8;
        if (estimate + 16 >= n) {
            return -1;
        }
        boolean single = n < 256;
        int headerSize;
        int sizeFormat;
        if (single) {
            headerSize = 3;
            sizeFormat = 0;
        } else if (n < 1024) {
            headerSize = 3;
            sizeFormat = 1;
        } else if (n < 16384) {
            headerSize = 4;
            sizeFormat = 2;
        } else {
            headerSize = 5;
            sizeFormat = 3;
        }
        int start = p + headerSize;
        int q = huffman.writeDescription(out, start);
        if (q < 0) {
            return -1;
        }
        if (single) {
            q = huffman.encodeStream(literals, 0, n, out, q);
        } else {
            int segment = (n + 3) >>> 2;
            int jump = q;
            q += 6;
            int s1 = huffman.encodeStream(literals, 0, segment, out, q);
            int s2 = huffman.encodeStream(literals, segment, 2 * segment, out, s1);
            int s3 = huffman.encodeStream(literals, 2 * segment, 3 * segment, out, s2);
            int s4 = huffman.encodeStream(literals, 3 * segment, n, out, s3);
            int l1 = s1 - q;
            int l2 = s2 - s1;
            int l3 = s3 - s2;
            if (l1 > 0xFFFF || l2 > 0xFFFF || l3 > 0xFFFF) {
                return -1;
            }
            out[jump] = (byte) l1;
            out[jump + 1] = (byte) (l1 >>> 8);
            out[jump + 2] = (byte) l2;
            out[jump + 3] = (byte) (l2 >>> 8);
            out[jump + 4] = (byte) l3;
            out[jump + 5] = (byte) (l3 >>> 8);
            q = s4;
        }
        int compressed = q - start;
        int limit = sizeFormat < 2 ? 1023 : sizeFormat == 2 ? 16383 : 262143;
        if (compressed > limit || compressed + headerSize >= n + (n < 32 ? 1 : n < 4096 ? 2 : 3)) {
            return -1;
        }
        long h = 2 | ((long) sizeFormat << 2) | ((long) n << 4);
        h |= (long) compressed << (sizeFormat < 2 ? 14 : sizeFormat == 2 ? 18 : 22);
        for (int k = 0; k < headerSize; k++) {
            out[p + k] = (byte) (h >>> (8 * k));
        }
        return q;
    }

    // ---------------------------------------------------------------- sequences

    private static final int MODE_PREDEFINED = 0;
    private static final int MODE_RLE = 1;
    private static final int MODE_COMPRESSED = 2;

    private int writeSequences(byte[] out, int p) {
        int n = sequenceCount;
        if (n < 128) {
            out[p++] = (byte) n;
        } else if (n < 0x7F00) {
            out[p++] = (byte) ((n >>> 8) + 128);
            out[p++] = (byte) n;
        } else {
            out[p++] = (byte) 0xFF;
            out[p++] = (byte) (n - 0x7F00);
            out[p++] = (byte) ((n - 0x7F00) >>> 8);
        }
        if (n == 0) {
            return p;
        }
        Arrays.fill(llCounts, 0);
        Arrays.fill(mlCounts, 0);
        Arrays.fill(ofCounts, 0);
        int llMax = 0;
        int mlMax = 0;
        int ofMax = 0;
        for (int i = 0; i < n; i++) {
            int ll = seqLiteralLength[i];
            int llc = ll < 64 ? LL_CODE[ll] : FseEncoder.highBit(ll) + 19;
            int ml = seqMatchLength[i] - 3;
            int mlc = ml < 128 ? ML_CODE[ml] : FseEncoder.highBit(ml) + 36;
            int ofc = FseEncoder.highBit(seqOffsetValue[i]);
            llCodes[i] = (byte) llc;
            mlCodes[i] = (byte) mlc;
            ofCodes[i] = (byte) ofc;
            llCounts[llc]++;
            mlCounts[mlc]++;
            ofCounts[ofc]++;
            llMax = Math.max(llMax, llc);
            mlMax = Math.max(mlMax, mlc);
            ofMax = Math.max(ofMax, ofc);
        }
        int modesAt = p++;
        int llMode = chooseTable(llFse, llCounts, llMax, n, FseTable.LL_DEFAULT_NORM, 6, 9, out, p);
        p = tableEnd;
        int ofMode = chooseTable(ofFse, ofCounts, ofMax, n, FseTable.OF_DEFAULT_NORM, 5, 8, out, p);
        p = tableEnd;
        int mlMode = chooseTable(mlFse, mlCounts, mlMax, n, FseTable.ML_DEFAULT_NORM, 6, 9, out, p);
        p = tableEnd;
        out[modesAt] = (byte) ((llMode << 6) | (ofMode << 4) | (mlMode << 2));
        return encodeSequences(out, p, llMode == MODE_RLE ? null : llFse, ofMode == MODE_RLE ? null : ofFse,
                mlMode == MODE_RLE ? null : mlFse);
    }

    private int tableEnd;

    /**
     * Picks RLE, predefined or a fitted table for one symbol type, writes the description (if any) at
     * {@code p} and leaves the encoder ready; the end of what it wrote is left in {@link #tableEnd}.
     */
    private int chooseTable(FseEncoder fse, int[] counts, int maxSymbol, int n, short[] predefined, int predefinedLog,
                            int maxLog, byte[] out, int p) {
        int distinct = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            if (counts[s] != 0) {
                distinct++;
            }
        }
        if (distinct == 1) {
            out[p] = (byte) maxSymbol;
            tableEnd = p + 1;
            return MODE_RLE;
        }
        fse.load(predefined, predefinedLog);
        double predefinedCost = fse.cost(counts, maxSymbol);
        int log = FseEncoder.optimalLog(maxLog, n, maxSymbol);
        fse.normalize(counts, maxSymbol, n, log, 0);
        int end = fse.writeDescription(out, p);
        double fittedCost = fse.cost(counts, maxSymbol) + 8.0 * (end - p);
        if (predefinedCost <= fittedCost) {
            fse.load(predefined, predefinedLog);
            fse.build();
            tableEnd = p;
            return MODE_PREDEFINED;
        }
        fse.build();
        tableEnd = end;
        return MODE_COMPRESSED;
    }

    private int encodeSequences(byte[] out, int p, FseEncoder ll, FseEncoder of, FseEncoder ml) {
        BitWriter w = bits;
        w.start(out, p);
        int n = sequenceCount - 1;
        int llState = 0;
        int ofState = 0;
        int mlState = 0;
        if (ml != null) {
            mlState = ml.initialState(mlCodes[n]);
        }
        if (of != null) {
            ofState = of.initialState(ofCodes[n]);
        }
        if (ll != null) {
            llState = ll.initialState(llCodes[n]);
        }
        writeExtraBits(w, n);
        for (int i = n - 1; i >= 0; i--) {
            if (of != null) {
                ofState = of.encode(w, ofState, ofCodes[i]);
            }
            if (ml != null) {
                mlState = ml.encode(w, mlState, mlCodes[i]);
            }
            if (ll != null) {
                llState = ll.encode(w, llState, llCodes[i]);
            }
            writeExtraBits(w, i);
        }
        if (ml != null) {
            ml.flush(w, mlState);
        }
        if (of != null) {
            of.flush(w, ofState);
        }
        if (ll != null) {
            ll.flush(w, llState);
        }
        return w.close();
    }

    private void writeExtraBits(BitWriter w, int i) {
        int llc = llCodes[i];
        int mlc = mlCodes[i];
        int ofc = ofCodes[i];
        w.add(seqLiteralLength[i] - FseTable.LL_BASE[llc], FseTable.LL_BITS[llc]);
        w.add(seqMatchLength[i] - FseTable.ML_BASE[mlc], FseTable.ML_BITS[mlc]);
        w.add(seqOffsetValue[i] - (1 << ofc), ofc);
    }
}
