package io.jvortex.internal.zstd;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The frame, block, literals and sequences decoder (RFC 8878 §3). One instance decodes frames one
 * after another and keeps its scratch buffers; it is not thread-safe.
 *
 * <p>A frame is decoded into a reusable byte array with {@link #SLACK} bytes of room at its end so
 * literal and match copies can move eight bytes at a time, then copied once into the destination.
 * The whole frame stays in that array, so matches never need a separate window buffer; the array
 * grows only up to the frame's declared content size or the destination's remaining space, never by
 * a window size read from the input (see the package documentation).
 */
final class ZstdDecoder {
    static final int MAGIC = 0xFD2FB528;
    static final int SKIPPABLE_MAGIC = 0x184D2A50;
    static final int MAX_BLOCK = 1 << 17;
    static final int SLACK = 32;
    /** Largest frame output this decoder holds (one Java array). */
    static final int MAX_FRAME_OUTPUT = Integer.MAX_VALUE - 64;
    private static final int INITIAL_UNKNOWN_CAPACITY = 1 << 20;


    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final ZstdDictionary dict;
    private final byte[] dictContent;
    /** Decoded literals of the current block; grows up to {@link #MAX_BLOCK} + {@link #SLACK}. */
    private byte[] literals = new byte[SLACK];
    private byte[] out = new byte[SLACK];

    // Per frame.
    private int capacity;
    private boolean sizeDeclared;
    private long windowSize;
    private int blockMax;
    /** Where the current frame starts in the src, for error messages. */
    int frameStart;
    /** Bytes the last frame produced. */
    private int produced;

    // Entropy state carried from block to block.
    // Tables a frame builds itself, created on first use (frames of tiny arrays are often raw blocks).
    private HuffmanTable huffmanScratch;
    private HuffmanTable huffman;
    /** Per symbol type (literal length, offset, match length): a decoded table and an RLE table. */
    private final FseTable[] scratch = new FseTable[3];
    private final FseTable[] rle = new FseTable[3];
    private FseTable llTable;
    private FseTable ofTable;
    private FseTable mlTable;
    private long rep1;
    private long rep2;
    private long rep3;
    private int cursor;

    ZstdDecoder(ZstdDictionary dict) {
        this.dict = dict;
        this.dictContent = dict == null ? new byte[0] : dict.content;
    }

    static int int32(byte[] b, int pos) {
        return (int) INT.get(b, pos);
    }

    private static long readLE(byte[] b, int pos, int size) {
        long v = 0;
        for (int k = 0; k < size; k++) {
            v |= (b[pos + k] & 0xFFL) << (8 * k);
        }
        return v;
    }

    /**
     * Decodes every frame of {@code in} (skippable frames skipped) into {@code dst}.
     *
     * @return bytes written to {@code dst}
     */
    long decode(byte[] in, MemorySegment dst) {
        long dstSize = dst.byteSize();
        long written = 0;
        int pos = 0;
        while (pos < in.length) {
            frameStart = pos;
            if (in.length - pos < 4) {
                throw new ZstdCorruption(pos, "truncated frame: " + (in.length - pos) + " trailing bytes");
            }
            int magic = int32(in, pos);
            if ((magic & 0xFFFFFFF0) == SKIPPABLE_MAGIC) {
                if (in.length - pos < 8) {
                    throw new ZstdCorruption(pos, "skippable frame header truncated");
                }
                long size = Integer.toUnsignedLong(int32(in, pos + 4));
                if (size > in.length - pos - 8) {
                    throw new ZstdCorruption(pos + 4, "skippable frame of " + size + " bytes exceeds the "
                            + (in.length - pos - 8) + " bytes left");
                }
                pos += 8 + (int) size;
                continue;
            }
            if (magic != MAGIC) {
                throw new ZstdCorruption(pos, "bad magic number 0x" + Integer.toHexString(magic)
                        + ", expected 0xfd2fb528");
            }
            pos = decodeFrame(in, pos, dstSize - written);
            MemorySegment.copy(out, 0, dst, ValueLayout.JAVA_BYTE, written, produced);
            written += produced;
        }
        return written;
    }

    /** Decodes one frame into {@link #out}; returns the position after it. */
    private int decodeFrame(byte[] in, int pos, long remaining) {
        int end = in.length;
        int p = pos + 4;
        if (p >= end) {
            throw new ZstdCorruption(p, "frame header truncated");
        }
        int fhd = in[p] & 0xFF;
        int fcsFlag = fhd >>> 6;
        boolean single = (fhd & 0x20) != 0;
        if ((fhd & 0x08) != 0) {
            throw new ZstdCorruption(p, "reserved bit set in the frame header descriptor");
        }
        boolean checksum = (fhd & 0x04) != 0;
        int didSize = switch (fhd & 3) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> 2;
            default -> 4;
        };
        int fcsSize = fcsFlag == 0 ? (single ? 1 : 0) : 1 << fcsFlag;
        int headerSize = 1 + (single ? 0 : 1) + didSize + fcsSize;
        if (end - p < headerSize) {
            throw new ZstdCorruption(p, "frame header truncated: needs " + headerSize + " bytes, " + (end - p) + " left");
        }
        int q = p + 1;
        long window = 0;
        if (!single) {
            int wd = in[q++] & 0xFF;
            long base = 1L << (10 + (wd >>> 3));
            window = base + (base >>> 3) * (wd & 7);
        }
        long dictId = readLE(in, q, didSize);
        q += didSize;
        long contentSize = -1;
        if (fcsSize > 0) {
            contentSize = readLE(in, q, fcsSize) + (fcsSize == 2 ? 256 : 0);
            q += fcsSize;
            if (contentSize < 0 || contentSize > remaining) {
                throw new ZstdCorruption(p, "frame content size " + Long.toUnsignedString(contentSize)
                        + " exceeds the " + remaining + " bytes left in the destination");
            }
            if (contentSize > MAX_FRAME_OUTPUT) {
                throw new ZstdCorruption(p, "frame content size " + contentSize + " exceeds the supported "
                        + MAX_FRAME_OUTPUT + " bytes per frame");
            }
        }
        if (single) {
            window = contentSize;
        }
        if (dictId != 0) {
            if (dict == null) {
                throw new ZstdCorruption(p, "frame needs dictionary " + dictId + " but none was given");
            }
            if (dict.id != 0 && dict.id != (int) dictId) {
                throw new ZstdCorruption(p, "frame needs dictionary " + dictId + " but dictionary "
                        + Integer.toUnsignedLong(dict.id) + " was given");
            }
        }
        windowSize = window;
        blockMax = (int) Math.min(window, MAX_BLOCK);
        sizeDeclared = contentSize >= 0;
        capacity = sizeDeclared ? (int) contentSize : (int) Math.min(remaining, MAX_FRAME_OUTPUT);
        // A declared size is trusted only as far as the input could plausibly expand: start at most at
        // 1 MiB or 64 times the remaining input and grow by doubling, so a tiny frame claiming a huge
        // size cannot make us allocate the whole destination before it fails.
        int initial = (int) Math.min(capacity, Math.max(INITIAL_UNKNOWN_CAPACITY, 64L * (end - pos)));
        if (out.length < initial + SLACK) {
            out = new byte[initial + SLACK];
        }
        resetEntropy();

        int op = 0;
        boolean last;
        do {
            if (end - q < 3) {
                throw new ZstdCorruption(q, "block header truncated");
            }
            int header = (int) readLE(in, q, 3);
            last = (header & 1) != 0;
            int type = (header >>> 1) & 3;
            int size = header >>> 3;
            int blockPos = q;
            q += 3;
            if (size > blockMax) {
                throw new ZstdCorruption(blockPos, "block size " + size + " exceeds the maximum " + blockMax);
            }
            switch (type) {
                case 0 -> {
                    if (end - q < size) {
                        throw new ZstdCorruption(blockPos, "raw block of " + size + " bytes truncated to " + (end - q));
                    }
                    byte[] o = ensure(op + (long) size, blockPos);
                    System.arraycopy(in, q, o, op, size);
                    op += size;
                    q += size;
                }
                case 1 -> {
                    if (q >= end) {
                        throw new ZstdCorruption(blockPos, "RLE block truncated");
                    }
                    byte[] o = ensure(op + (long) size, blockPos);
                    Arrays.fill(o, op, op + size, in[q]);
                    op += size;
                    q += 1;
                }
                case 2 -> {
                    if (end - q < size) {
                        throw new ZstdCorruption(blockPos, "compressed block of " + size + " bytes truncated to "
                                + (end - q));
                    }
                    op = decodeCompressedBlock(in, q, q + size, op);
                    q += size;
                }
                default -> throw new ZstdCorruption(blockPos, "reserved block type 3");
            }
        } while (!last);
        if (sizeDeclared && op != capacity) {
            throw new ZstdCorruption(q, "frame decoded to " + op + " bytes but its header declares " + capacity);
        }
        if (checksum) {
            if (end - q < 4) {
                throw new ZstdCorruption(q, "content checksum truncated");
            }
            int want = int32(in, q);
            int got = (int) XxHash64.hash(out, 0, op, 0);
            if (want != got) {
                throw new ZstdCorruption(q, "content checksum mismatch: frame says 0x" + Integer.toHexString(want)
                        + ", decoded data hashes to 0x" + Integer.toHexString(got));
            }
            q += 4;
        }
        produced = op;
        return q;
    }

    private void resetEntropy() {
        if (dict != null && dict.huffman != null) {
            huffman = dict.huffman;
            llTable = dict.literalLengths;
            ofTable = dict.offsets;
            mlTable = dict.matchLengths;
        } else {
            huffman = null;
            llTable = null;
            ofTable = null;
            mlTable = null;
        }
        if (dict != null) {
            rep1 = dict.rep1;
            rep2 = dict.rep2;
            rep3 = dict.rep3;
        } else {
            rep1 = 1;
            rep2 = 4;
            rep3 = 8;
        }
    }

    /** Makes room for {@code needed} output bytes (plus slack) or fails; returns the output array. */
    private byte[] ensure(long needed, int pos) {
        if (needed > capacity) {
            throw new ZstdCorruption(pos, sizeDeclared
                    ? "frame decodes to more than its declared content size " + capacity
                    : "frame decodes to more than the " + capacity + " bytes left in the destination");
        }
        if (needed + SLACK > out.length) {
            long grown = Math.max(needed, Math.min(capacity, 2L * out.length));
            out = Arrays.copyOf(out, (int) grown + SLACK);
        }
        return out;
    }

    private void ensureLiterals(int count) {
        if (literals.length < count + SLACK) {
            literals = new byte[Math.min(MAX_BLOCK, Math.max(count, 2 * literals.length)) + SLACK];
        }
    }

    private int decodeCompressedBlock(byte[] in, int start, int end, int op) {
        int blockStart = op;
        if (start >= end) {
            throw new ZstdCorruption(start, "empty compressed block");
        }
        int b0 = in[start] & 0xFF;
        int litType = b0 & 3;
        int sizeFormat = (b0 >>> 2) & 3;
        int litSize;
        int p;
        if (litType < 2) {
            int lh;
            if ((sizeFormat & 1) == 0) {
                lh = 1;
                litSize = b0 >>> 3;
            } else {
                lh = sizeFormat == 1 ? 2 : 3;
                if (end - start < lh) {
                    throw new ZstdCorruption(start, "literals header truncated");
                }
                litSize = (int) (readLE(in, start, lh) >>> 4);
            }
            if (litSize > blockMax) {
                throw new ZstdCorruption(start, litSize + " literals exceed the block maximum " + blockMax);
            }
            ensureLiterals(litSize);
            if (litType == 0) {
                if (end - start - lh < litSize) {
                    throw new ZstdCorruption(start, "raw literals of " + litSize + " bytes truncated");
                }
                System.arraycopy(in, start + lh, literals, 0, litSize);
                p = start + lh + litSize;
            } else {
                if (end - start - lh < 1) {
                    throw new ZstdCorruption(start, "RLE literals truncated");
                }
                Arrays.fill(literals, 0, litSize, in[start + lh]);
                p = start + lh + 1;
            }
        } else {
            int lh = sizeFormat < 2 ? 3 : sizeFormat == 2 ? 4 : 5;
            if (end - start < lh) {
                throw new ZstdCorruption(start, "literals header truncated");
            }
            long h = readLE(in, start, lh);
            int compressed;
            switch (sizeFormat) {
                case 0, 1 -> {
                    litSize = (int) (h >>> 4) & 0x3FF;
                    compressed = (int) (h >>> 14) & 0x3FF;
                }
                case 2 -> {
                    litSize = (int) (h >>> 4) & 0x3FFF;
                    compressed = (int) (h >>> 18) & 0x3FFF;
                }
                default -> {
                    litSize = (int) (h >>> 4) & 0x3FFFF;
                    compressed = (int) (h >>> 22) & 0x3FFFF;
                }
            }
            if (litSize > blockMax) {
                throw new ZstdCorruption(start, litSize + " literals exceed the block maximum " + blockMax);
            }
            ensureLiterals(litSize);
            if (compressed > end - start - lh) {
                throw new ZstdCorruption(start, "compressed literals of " + compressed + " bytes truncated to "
                        + (end - start - lh));
            }
            int hp = start + lh;
            int hend = hp + compressed;
            if (litType == 2) {
                if (huffmanScratch == null) {
                    huffmanScratch = new HuffmanTable();
                }
                hp = huffmanScratch.read(in, hp, hend);
                huffman = huffmanScratch;
            } else if (huffman == null) {
                throw new ZstdCorruption(start, "treeless literals but no previous Huffman table");
            }
            if (sizeFormat == 0) {
                decodeStream(in, hp, hend, literals, 0, litSize, huffman);
            } else {
                if (hend - hp < 10) {
                    throw new ZstdCorruption(hp, "4-stream literals need at least 10 bytes, have " + (hend - hp));
                }
                if (litSize < 6) {
                    throw new ZstdCorruption(start, "4-stream literals need at least 6 literals, have " + litSize);
                }
                int s1 = (int) readLE(in, hp, 2);
                int s2 = (int) readLE(in, hp + 2, 2);
                int s3 = (int) readLE(in, hp + 4, 2);
                int d1 = hp + 6;
                int d2 = d1 + s1;
                int d3 = d2 + s2;
                int d4 = d3 + s3;
                if (d4 >= hend) {
                    throw new ZstdCorruption(hp, "jump table sizes " + s1 + "+" + s2 + "+" + s3
                            + " leave no room for stream 4 in " + (hend - d1) + " bytes");
                }
                decodeFourStreams(in, d1, d2, d3, d4, hend, literals, litSize, huffman);
            }
            p = hend;
        }

        if (p >= end) {
            throw new ZstdCorruption(p, "sequences section missing");
        }
        int nbSeq = in[p++] & 0xFF;
        if (nbSeq >= 128) {
            if (nbSeq < 255) {
                if (p >= end) {
                    throw new ZstdCorruption(p, "sequence count truncated");
                }
                nbSeq = ((nbSeq - 128) << 8) + (in[p++] & 0xFF);
            } else {
                if (end - p < 2) {
                    throw new ZstdCorruption(p, "sequence count truncated");
                }
                nbSeq = (int) readLE(in, p, 2) + 0x7F00;
                p += 2;
            }
        }
        if (nbSeq == 0) {
            if (p != end) {
                throw new ZstdCorruption(p, (end - p) + " bytes after a block without sequences");
            }
            byte[] o = ensure(op + (long) litSize, start);
            System.arraycopy(literals, 0, o, op, litSize);
            return op + litSize;
        }
        if (p >= end) {
            throw new ZstdCorruption(p, "sequence compression modes truncated");
        }
        int modes = in[p++] & 0xFF;
        if ((modes & 3) != 0) {
            throw new ZstdCorruption(p - 1, "reserved bits set in the sequence compression modes");
        }
        cursor = p;
        llTable = select(modes >>> 6, llTable, 0, FseTable.LL_DEFAULT,
                FseTable.MAX_LITERAL_LENGTH_SYMBOL, 9, FseTable.KIND_LITERAL_LENGTH, in, end, "literal length");
        ofTable = select((modes >>> 4) & 3, ofTable, 1, FseTable.OF_DEFAULT,
                FseTable.MAX_OFFSET_SYMBOL, 8, FseTable.KIND_OFFSET, in, end, "offset");
        mlTable = select((modes >>> 2) & 3, mlTable, 2, FseTable.ML_DEFAULT,
                FseTable.MAX_MATCH_LENGTH_SYMBOL, 9, FseTable.KIND_MATCH_LENGTH, in, end, "match length");
        return executeSequences(in, cursor, end, op, nbSeq, litSize, blockStart);
    }

    private FseTable select(int mode, FseTable current, int type, FseTable predefined,
                            int maxSymbol, int maxLog, int kind, byte[] in, int end, String what) {
        int p = cursor;
        switch (mode) {
            case 0 -> {
                return predefined;
            }
            case 1 -> {
                if (p >= end) {
                    throw new ZstdCorruption(p, what + " RLE symbol truncated");
                }
                int symbol = in[p] & 0xFF;
                if (symbol > maxSymbol) {
                    throw new ZstdCorruption(p, what + " RLE symbol " + symbol + " exceeds " + maxSymbol);
                }
                if (rle[type] == null) {
                    rle[type] = new FseTable(0);
                }
                rle[type].setRle(symbol, kind);
                cursor = p + 1;
                return rle[type];
            }
            case 2 -> {
                if (scratch[type] == null) {
                    scratch[type] = new FseTable(maxLog);
                }
                cursor = scratch[type].read(in, p, end, maxSymbol, maxLog, kind);
                return scratch[type];
            }
            default -> {
                if (current == null) {
                    throw new ZstdCorruption(p, what + " table in repeat mode but no previous table");
                }
                return current;
            }
        }
    }

    /** Decodes one Huffman-coded stream of {@code [start, end)} into {@code dst[op, oend)}. */
    private static void decodeStream(byte[] in, int start, int end, byte[] dst, int op, int oend, HuffmanTable table) {
        checkStreamEnd(in, start, end);
        int lastByte = in[end - 1] & 0xFF;
        int consumed = Integer.numberOfLeadingZeros(lastByte) - 23;
        if (end - start >= 8) {
            finishStream(in, start, end, end - 8, (long) LONG.get(in, end - 8), consumed, dst, op, oend, table);
        } else {
            finishStream(in, start, end, start, readLE(in, start, end - start), consumed + (8 - (end - start)) * 8,
                    dst, op, oend, table);
        }
    }

    private static void checkStreamEnd(byte[] in, int start, int end) {
        if (start >= end) {
            throw new ZstdCorruption(start, "empty Huffman stream");
        }
        if (in[end - 1] == 0) {
            throw new ZstdCorruption(end - 1, "Huffman stream ends with a zero byte");
        }
    }

    /**
     * Decodes the four streams of a literals section. While every stream has at least eight bytes
     * left they advance in lockstep, four symbols each per round, so the four independent bit readers
     * overlap in the CPU; each stream then finishes on its own.
     */
    private static void decodeFourStreams(byte[] in, int d1, int d2, int d3, int d4, int end, byte[] dst, int litSize,
                                          HuffmanTable table) {
        int segment = (litSize + 3) >>> 2;
        checkStreamEnd(in, d1, d2);
        checkStreamEnd(in, d2, d3);
        checkStreamEnd(in, d3, d4);
        checkStreamEnd(in, d4, end);
        if (d2 - d1 < 8 || d3 - d2 < 8 || d4 - d3 < 8 || end - d4 < 8) {
            decodeStream(in, d1, d2, dst, 0, segment, table);
            decodeStream(in, d2, d3, dst, segment, 2 * segment, table);
            decodeStream(in, d3, d4, dst, 2 * segment, 3 * segment, table);
            decodeStream(in, d4, end, dst, 3 * segment, litSize, table);
            return;
        }
        short[] t = table.entries;
        int shift = 64 - table.maxBits;
        int p1 = d2 - 8;
        int p2 = d3 - 8;
        int p3 = d4 - 8;
        int p4 = end - 8;
        long b1 = (long) LONG.get(in, p1);
        long b2 = (long) LONG.get(in, p2);
        long b3 = (long) LONG.get(in, p3);
        long b4 = (long) LONG.get(in, p4);
        int c1 = Integer.numberOfLeadingZeros(in[d2 - 1] & 0xFF) - 23;
        int c2 = Integer.numberOfLeadingZeros(in[d3 - 1] & 0xFF) - 23;
        int c3 = Integer.numberOfLeadingZeros(in[d4 - 1] & 0xFF) - 23;
        int c4 = Integer.numberOfLeadingZeros(in[end - 1] & 0xFF) - 23;
        int l1 = d1 + 8;
        int l2 = d2 + 8;
        int l3 = d3 + 8;
        int l4 = d4 + 8;
        int o = 0;
        int last = litSize - 3 * segment;
        while (o + 4 <= last && p1 >= l1 && p2 >= l2 && p3 >= l3 && p4 >= l4) {
            p1 -= c1 >>> 3;
            c1 &= 7;
            b1 = (long) LONG.get(in, p1);
            p2 -= c2 >>> 3;
            c2 &= 7;
            b2 = (long) LONG.get(in, p2);
            p3 -= c3 >>> 3;
            c3 &= 7;
            b3 = (long) LONG.get(in, p3);
            p4 -= c4 >>> 3;
            c4 &= 7;
            b4 = (long) LONG.get(in, p4);
            for (int k = 0; k < 4; k++) {
                int e1 = t[(int) ((b1 << c1) >>> shift)];
                int e2 = t[(int) ((b2 << c2) >>> shift)];
                int e3 = t[(int) ((b3 << c3) >>> shift)];
                int e4 = t[(int) ((b4 << c4) >>> shift)];
                dst[o + k] = (byte) e1;
                dst[segment + o + k] = (byte) e2;
                dst[2 * segment + o + k] = (byte) e3;
                dst[3 * segment + o + k] = (byte) e4;
                c1 += e1 >>> 8;
                c2 += e2 >>> 8;
                c3 += e3 >>> 8;
                c4 += e4 >>> 8;
            }
            o += 4;
        }
        finishStream(in, d1, d2, p1, b1, c1, dst, o, segment, table);
        finishStream(in, d2, d3, p2, b2, c2, dst, segment + o, 2 * segment, table);
        finishStream(in, d3, d4, p3, b3, c3, dst, 2 * segment + o, 3 * segment, table);
        finishStream(in, d4, end, p4, b4, c4, dst, 3 * segment + o, litSize, table);
    }

    /**
     * Continues a Huffman stream from a reader state ({@code ptr}, {@code bits}, {@code consumed}) until
     * {@code oend}, then checks that the stream was consumed exactly.
     */
    private static void finishStream(byte[] in, int start, int end, int ptr, long bits, int consumed, byte[] dst,
                                     int op, int oend, HuffmanTable table) {
        short[] t = table.entries;
        int shift = 64 - table.maxBits;
        int limit = start + 8;
        while (oend - op >= 4) {
            if (ptr >= limit) {
                ptr -= consumed >>> 3;
                consumed &= 7;
                bits = (long) LONG.get(in, ptr);
            } else if (ptr > start) {
                int nb = Math.min(consumed >>> 3, ptr - start);
                ptr -= nb;
                consumed -= nb << 3;
                bits = (long) LONG.get(in, ptr);
            }
            int e = t[(int) ((bits << consumed) >>> shift)];
            dst[op] = (byte) e;
            consumed += e >>> 8;
            e = t[(int) ((bits << consumed) >>> shift)];
            dst[op + 1] = (byte) e;
            consumed += e >>> 8;
            e = t[(int) ((bits << consumed) >>> shift)];
            dst[op + 2] = (byte) e;
            consumed += e >>> 8;
            e = t[(int) ((bits << consumed) >>> shift)];
            dst[op + 3] = (byte) e;
            consumed += e >>> 8;
            op += 4;
        }
        while (op < oend) {
            if (ptr >= limit) {
                ptr -= consumed >>> 3;
                consumed &= 7;
                bits = (long) LONG.get(in, ptr);
            } else if (ptr > start) {
                int nb = Math.min(consumed >>> 3, ptr - start);
                ptr -= nb;
                consumed -= nb << 3;
                bits = (long) LONG.get(in, ptr);
            }
            int e = t[(int) ((bits << consumed) >>> shift)];
            dst[op++] = (byte) e;
            consumed += e >>> 8;
        }
        if (ptr != start || consumed != 64) {
            throw new ZstdCorruption(start, "Huffman stream of " + (end - start) + " bytes not consumed exactly");
        }
    }

    private int executeSequences(byte[] in, int start, int end, int op, int nbSeq, int litSize, int blockStart) {
        if (start >= end) {
            throw new ZstdCorruption(start, "sequences bitstream missing");
        }
        int lastByte = in[end - 1] & 0xFF;
        if (lastByte == 0) {
            throw new ZstdCorruption(end - 1, "sequences bitstream ends with a zero byte");
        }
        int size = end - start;
        long bits;
        int ptr;
        int consumed = Integer.numberOfLeadingZeros(lastByte) - 23;
        if (size >= 8) {
            ptr = end - 8;
            bits = (long) LONG.get(in, ptr);
        } else {
            ptr = start;
            bits = readLE(in, start, size);
            consumed += (8 - size) * 8;
        }
        int limit = start + 8;
        long[] llT = llTable.states;
        long[] ofT = ofTable.states;
        long[] mlT = mlTable.states;
        int llLog = llTable.log;
        int ofLog = ofTable.log;
        int mlLog = mlTable.log;
        int llState = (int) ((bits << consumed) >>> 1 >>> (63 - llLog));
        consumed += llLog;
        int ofState = (int) ((bits << consumed) >>> 1 >>> (63 - ofLog));
        consumed += ofLog;
        int mlState = (int) ((bits << consumed) >>> 1 >>> (63 - mlLog));
        consumed += mlLog;

        long r1 = rep1;
        long r2 = rep2;
        long r3 = rep3;
        byte[] lit = literals;
        byte[] o = out;
        int litPos = 0;
        long window = windowSize;
        int dictLength = dictContent.length;
        long blockLimit = blockStart + (long) blockMax;
        int outLimit = (int) Math.min(blockLimit, Math.min(capacity, o.length - SLACK));

        for (int i = 0; i < nbSeq; i++) {
            if (ptr >= limit) {
                ptr -= consumed >>> 3;
                consumed &= 7;
                bits = (long) LONG.get(in, ptr);
            } else if (ptr > start) {
                int nb = Math.min(consumed >>> 3, ptr - start);
                ptr -= nb;
                consumed -= nb << 3;
                bits = (long) LONG.get(in, ptr);
            }
            long ofE = ofT[ofState];
            long mlE = mlT[mlState];
            long llE = llT[llState];
            int ofBits = (int) (ofE >>> 24) & 0xFF;
            long offsetValue = (ofE >>> 32) + ((bits << consumed) >>> 1 >>> (63 - ofBits));
            consumed += ofBits;
            if (consumed > 32) {
                if (ptr >= limit) {
                    ptr -= consumed >>> 3;
                    consumed &= 7;
                    bits = (long) LONG.get(in, ptr);
                } else if (ptr > start) {
                    int nb = Math.min(consumed >>> 3, ptr - start);
                    ptr -= nb;
                    consumed -= nb << 3;
                    bits = (long) LONG.get(in, ptr);
                }
            }
            int mlBits = (int) (mlE >>> 24) & 0xFF;
            int matchLength = (int) (mlE >>> 32) + (int) ((bits << consumed) >>> 1 >>> (63 - mlBits));
            consumed += mlBits;
            int llBits = (int) (llE >>> 24) & 0xFF;
            int literalLength = (int) (llE >>> 32) + (int) ((bits << consumed) >>> 1 >>> (63 - llBits));
            consumed += llBits;
            if (i + 1 < nbSeq) {
                if (consumed > 38) {
                    if (ptr >= limit) {
                        ptr -= consumed >>> 3;
                        consumed &= 7;
                        bits = (long) LONG.get(in, ptr);
                    } else if (ptr > start) {
                        int nb = Math.min(consumed >>> 3, ptr - start);
                        ptr -= nb;
                        consumed -= nb << 3;
                        bits = (long) LONG.get(in, ptr);
                    }
                }
                int nb = (int) (llE >>> 16) & 0xFF;
                llState = ((int) llE & 0xFFFF) + (int) ((bits << consumed) >>> 1 >>> (63 - nb));
                consumed += nb;
                nb = (int) (mlE >>> 16) & 0xFF;
                mlState = ((int) mlE & 0xFFFF) + (int) ((bits << consumed) >>> 1 >>> (63 - nb));
                consumed += nb;
                nb = (int) (ofE >>> 16) & 0xFF;
                ofState = ((int) ofE & 0xFFFF) + (int) ((bits << consumed) >>> 1 >>> (63 - nb));
                consumed += nb;
            }

            long offset;
            if (offsetValue > 3) {
                offset = offsetValue - 3;
                r3 = r2;
                r2 = r1;
                r1 = offset;
            } else {
                int index = (int) offsetValue - (literalLength == 0 ? 0 : 1);
                if (index == 0) {
                    offset = r1;
                } else if (index == 1) {
                    offset = r2;
                    r2 = r1;
                    r1 = offset;
                } else if (index == 2) {
                    offset = r3;
                    r3 = r2;
                    r2 = r1;
                    r1 = offset;
                } else {
                    offset = r1 - 1;
                    if (offset == 0) {
                        throw new ZstdCorruption(start, "repeat offset 1 minus one is zero (sequence " + i + ")");
                    }
                    r3 = r2;
                    r2 = r1;
                    r1 = offset;
                }
            }

            if (literalLength > litSize - litPos) {
                throw new ZstdCorruption(start, "sequence " + i + " takes " + literalLength + " literals, "
                        + (litSize - litPos) + " left");
            }
            long seqEnd = (long) op + literalLength + matchLength;
            if (seqEnd > outLimit) {
                if (seqEnd > blockLimit) {
                    throw new ZstdCorruption(start, "block decodes to more than the block maximum " + blockMax);
                }
                o = ensure(seqEnd, start);
                outLimit = (int) Math.min(blockLimit, Math.min(capacity, o.length - SLACK));
            }
            // Literals: copy in 8-byte steps, the first 16 bytes unconditionally (most runs are short);
            // both arrays have SLACK bytes of room past their ends.
            LONG.set(o, op, (long) LONG.get(lit, litPos));
            LONG.set(o, op + 8, (long) LONG.get(lit, litPos + 8));
            for (int k = 16; k < literalLength; k += 8) {
                LONG.set(o, op + k, (long) LONG.get(lit, litPos + k));
            }
            op += literalLength;
            litPos += literalLength;

            if (offset > op) {
                long back = offset - op;
                if (back > dictLength) {
                    throw new ZstdCorruption(start, "sequence " + i + " offset " + offset + " reaches before the "
                            + op + " bytes decoded" + (dictLength > 0 ? " and the " + dictLength + "-byte dictionary" : ""));
                }
                int fromDict = (int) Math.min(matchLength, back);
                System.arraycopy(dictContent, dictLength - (int) back, o, op, fromDict);
                if (matchLength > fromDict) {
                    copyMatch(o, op + fromDict, (int) offset, matchLength - fromDict);
                }
            } else {
                if (offset > window) {
                    throw new ZstdCorruption(start, "sequence " + i + " offset " + offset + " exceeds the window size "
                            + window);
                }
                if (offset >= 8 && matchLength <= 32) {
                    // The common short match: up to four 8-byte steps, each reading bytes already written.
                    int from = op - (int) offset;
                    LONG.set(o, op, (long) LONG.get(o, from));
                    LONG.set(o, op + 8, (long) LONG.get(o, from + 8));
                    if (matchLength > 16) {
                        LONG.set(o, op + 16, (long) LONG.get(o, from + 16));
                        LONG.set(o, op + 24, (long) LONG.get(o, from + 24));
                    }
                } else {
                    copyMatch(o, op, (int) offset, matchLength);
                }
            }
            op += matchLength;
        }
        if (ptr != start || consumed != 64) {
            throw new ZstdCorruption(start, "sequences bitstream of " + size + " bytes not consumed exactly");
        }
        rep1 = r1;
        rep2 = r2;
        rep3 = r3;
        int rest = litSize - litPos;
        if ((long) op + rest > outLimit) {
            if ((long) op + rest > blockLimit) {
                throw new ZstdCorruption(start, "block decodes to more than the block maximum " + blockMax);
            }
            o = ensure((long) op + rest, start);
        }
        System.arraycopy(lit, litPos, o, op, rest);
        return op + rest;
    }

    /**
     * Copies {@code length} bytes from {@code offset} bytes back; the regions may overlap, which
     * repeats the last {@code offset} bytes. May write up to 7 bytes past the end (within SLACK).
     */
    private static void copyMatch(byte[] o, int op, int offset, int length) {
        int from = op - offset;
        if (offset >= 8) {
            if (length > 64 && offset >= length) {
                System.arraycopy(o, from, o, op, length);
            } else {
                for (int k = 0; k < length; k += 8) {
                    LONG.set(o, op + k, (long) LONG.get(o, from + k));
                }
            }
        } else if (offset == 1) {
            Arrays.fill(o, op, op + length, o[from]);
        } else {
            int end = op + length;
            if (length <= 16) {
                for (int k = op; k < end; k++) {
                    o[k] = o[k - offset];
                }
            } else {
                // Doubling copies: the pattern before op repeats with period offset.
                while (op < end) {
                    int n = Math.min(op - from, end - op);
                    System.arraycopy(o, from, o, op, n);
                    op += n;
                }
            }
        }
    }
}
