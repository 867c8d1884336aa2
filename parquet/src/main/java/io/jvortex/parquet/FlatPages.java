package io.jvortex.parquet;

import io.jvortex.error.VortexException;
import io.jvortex.parquet.ParquetSchema.Leaf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Decodes the pages of one column chunk that does not repeat, without parquet-java's value-at-a-time
 * column reader: definition levels and dictionary indices are read as runs of the RLE/bit-packed hybrid
 * (or the deprecated big-endian bit packing for levels), values as PLAIN, through the dictionary,
 * DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY or BYTE_STREAM_SPLIT, a section of a
 * page at a time, straight into the leaf's arrays ({@link Values}).
 *
 * <p>It takes the chunks of the kinds it reads whose every encoding is one of those ({@link #supports});
 * the others, and every repeated column, stay with parquet-java's reader. Both give the same values.
 */
// PLAIN_DICTIONARY and BIT_PACKED are deprecated but still written; toByteBuffer() wraps heap bytes uncopied
@SuppressWarnings("deprecation")
final class FlatPages {
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final Set<Encoding> ENCODINGS = EnumSet.of(Encoding.PLAIN, Encoding.PLAIN_DICTIONARY,
            Encoding.RLE_DICTIONARY, Encoding.RLE, Encoding.BIT_PACKED);
    /** Value encodings beyond {@link #ENCODINGS} for integers. */
    private static final Set<Encoding> INTEGERS = EnumSet.of(Encoding.DELTA_BINARY_PACKED, Encoding.BYTE_STREAM_SPLIT);
    /** Value encodings beyond {@link #ENCODINGS} for floats. */
    private static final Set<Encoding> FLOATS = EnumSet.of(Encoding.BYTE_STREAM_SPLIT);
    /** Value encodings beyond {@link #ENCODINGS} for byte arrays. */
    private static final Set<Encoding> BYTES = EnumSet.of(Encoding.DELTA_LENGTH_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY);

    /** Where a leaf takes the values this decodes; each call writes {@code n} values at slots {@code at[0..n)}. */
    interface Values {
        /**
         * Stores {@code n} PLAIN-encoded values.
         *
         * @param buf the page
         * @param pos where the values start
         * @param end where the page's values end
         * @return the position after them
         * @throws VortexException when the page holds fewer
         */
        int plain(byte[] buf, int pos, int end, int[] at, int n);

        /**
         * Takes the chunk's dictionary: {@code size} PLAIN-encoded values.
         *
         * @throws VortexException when the page holds fewer
         */
        void dictionary(byte[] buf, int pos, int end, int size);

        /**
         * Stores the dictionary entries {@code ids[0..n)}; for booleans the ids are the values (0 or 1).
         *
         * @throws VortexException when an id is not in the dictionary
         */
        void dict(int[] ids, int[] at, int n);

        /** Stores decoded numbers: integers (INT32 sign-extended) or the bits of floats (FLOAT sign-extended). */
        void longs(long[] values, int[] at, int n);

        /** Stores one byte-array value at a slot. */
        void bytes(int slot, byte[] src, int off, int len);
    }

    private enum Mode { PLAIN, DICT, BOOLS, DELTA, SPLIT, DELTA_LENGTH, DELTA_BYTES }

    private final PageReader pages;
    private final ColumnDescriptor column;
    private final Values values;
    private final boolean bools;
    private final int maxDef;
    private final int levelWidth;
    private final Hybrid defs = new Hybrid();
    /** Dictionary indices, or boolean values when RLE-encoded or PLAIN (bit-packed). */
    private final Hybrid ids = new Hybrid();
    private int[] idBuffer = new int[0];
    private long[] longBuffer = new long[0];
    /** DELTA_BINARY_PACKED values, or the lengths of DELTA_LENGTH_BYTE_ARRAY / the prefixes of DELTA_BYTE_ARRAY. */
    private final Delta delta = new Delta();
    /** The suffix lengths of DELTA_BYTE_ARRAY. */
    private final Delta suffixes = new Delta();
    /** The previous DELTA_BYTE_ARRAY value (carried from page to page, as parquet-java does). */
    private byte[] previous = new byte[16];
    private int previousLength;
    private boolean previousFromDeltaPage;
    /** BYTE_STREAM_SPLIT: bytes per value, values in the page, the next value's index. */
    private int splitWidth;
    private int splitCount;
    private int splitNext;
    private final boolean narrow;
    private int dictionarySize = -1;
    private Mode mode;
    private byte[] buf;
    private int pos;
    private int end;
    /** The current page's level entries not read yet. */
    private int pageLeft;
    private long pagesRead;

    /**
     * @param pages the chunk's pages
     * @param leaf the column, one {@link #supports} accepts
     * @param values where the values go
     */
    FlatPages(PageReader pages, Leaf leaf, Values values) {
        this.pages = pages;
        this.column = leaf.descriptor();
        this.values = values;
        this.bools = column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BOOLEAN;
        this.maxDef = column.getMaxDefinitionLevel();
        this.levelWidth = 32 - Integer.numberOfLeadingZeros(maxDef);
        PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
        this.narrow = type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.FLOAT;
        DictionaryPage dictionary = pages.readDictionaryPage();
        if (dictionary != null) {
            if (bools) {
                throw new VortexException("Parquet column " + column + ": a dictionary page for BOOLEAN values");
            }
            if (dictionary.getEncoding() != Encoding.PLAIN && dictionary.getEncoding() != Encoding.PLAIN_DICTIONARY) {
                throw new VortexException("Parquet column " + column + ": dictionary page encoded "
                        + dictionary.getEncoding() + " (only PLAIN is supported)");
            }
            int size = dictionary.getDictionarySize();
            if (size < 0) {
                throw new VortexException("Parquet column " + column + ": dictionary of " + size + " entries");
            }
            ByteBuffer b = bytes(dictionary.getBytes());
            values.dictionary(b.array(), b.arrayOffset() + b.position(), b.arrayOffset() + b.limit(), size);
            dictionarySize = size;
        }
    }

    /**
     * @param chunk the column chunk's metadata, or null when unknown
     * @param leaf its leaf
     * @return whether this class decodes the chunk: a leaf that does not repeat, of a kind and physical type
     *     it reads, whose chunk uses only PLAIN, dictionary and RLE/bit-packed encodings
     */
    static boolean supports(ColumnChunkMetaData chunk, Leaf leaf) {
        if (chunk == null || leaf.descriptor().getMaxRepetitionLevel() != 0
                || leaf.presentDef() != leaf.descriptor().getMaxDefinitionLevel()
                || !chunk.getPath().equals(org.apache.parquet.hadoop.metadata.ColumnPath.get(
                        leaf.descriptor().getPath()))) {
            return false;
        }
        PrimitiveTypeName type = leaf.descriptor().getPrimitiveType().getPrimitiveTypeName();
        Set<Encoding> more = switch (leaf.kind()) {
            case BOOL -> type == PrimitiveTypeName.BOOLEAN ? Set.of() : null;
            case INT32, DECIMAL_INT32 -> type == PrimitiveTypeName.INT32 ? INTEGERS : null;
            case INT64, DECIMAL_INT64 -> type == PrimitiveTypeName.INT64 ? INTEGERS : null;
            case FLOAT -> type == PrimitiveTypeName.FLOAT ? FLOATS : null;
            case DOUBLE -> type == PrimitiveTypeName.DOUBLE ? FLOATS : null;
            case BYTES -> type == PrimitiveTypeName.BINARY || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                    && leaf.descriptor().getPrimitiveType().getTypeLength() > 0 ? BYTES : null;
            default -> null;
        };
        if (more == null) {
            return false;
        }
        for (Encoding e : chunk.getEncodings()) {
            if (!ENCODINGS.contains(e) && !more.contains(e)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the definition levels of the next entries of one page (all {@code maxDef} when the column is
     * required, left unwritten then).
     *
     * @param out where the levels go
     * @param n the most entries to read
     * @return the entries read, at least one
     * @throws VortexException when the chunk's pages end or are malformed
     */
    int levels(int[] out, int n) {
        while (pageLeft == 0) {
            nextPage();
        }
        int m = Math.min(n, pageLeft);
        if (maxDef > 0) {
            defs.read(out, m, column, "definition levels");
            for (int i = 0; i < m; i++) {
                if (out[i] > maxDef) {
                    throw new VortexException("Parquet column " + column + ": definition level " + out[i]
                            + " above the column's maximum " + maxDef + " in page " + pagesRead);
                }
            }
        }
        pageLeft -= m;
        return m;
    }

    /**
     * Stores the next {@code n} values of the page whose levels {@link #levels} read last.
     *
     * @param at the slots they go to
     * @param n how many
     */
    void values(int[] at, int n) {
        if (n == 0) {
            return;
        }
        switch (mode) {
            case PLAIN -> pos = values.plain(buf, pos, end, at, n);
            case DICT, BOOLS -> {
                if (idBuffer.length < n) {
                    idBuffer = new int[Math.max(n, 1024)];
                }
                ids.read(idBuffer, n, column, mode == Mode.DICT ? "dictionary indices" : "boolean values");
                values.dict(idBuffer, at, n);
            }
            case DELTA -> {
                long[] v = longs(n);
                delta.read(v, n, column, "DELTA_BINARY_PACKED values");
                if (narrow) {
                    for (int i = 0; i < n; i++) {
                        v[i] = (int) v[i];
                    }
                }
                values.longs(v, at, n);
            }
            case SPLIT -> {
                if (n > splitCount - splitNext) {
                    throw new VortexException("Parquet column " + column + ": page " + pagesRead + " holds "
                            + splitCount + " BYTE_STREAM_SPLIT values, its levels more");
                }
                long[] v = longs(n);
                for (int i = 0; i < n; i++) {
                    int base = pos + splitNext + i;
                    long bits = 0;
                    for (int k = 0; k < splitWidth; k++) {
                        bits |= (buf[base + k * splitCount] & 0xFFL) << (8 * k);
                    }
                    v[i] = narrow ? (int) bits : bits;
                }
                splitNext += n;
                values.longs(v, at, n);
            }
            case DELTA_LENGTH -> {
                long[] lengths = longs(n);
                delta.read(lengths, n, column, "DELTA_LENGTH_BYTE_ARRAY lengths");
                for (int i = 0; i < n; i++) {
                    int len = (int) lengths[i]; // 32-bit values
                    if (len < 0 || len > end - pos) {
                        throw new VortexException("Parquet column " + column + ": a value of " + len
                                + " bytes in page " + pagesRead + " with " + (end - pos) + " bytes left");
                    }
                    values.bytes(at[i], buf, pos, len);
                    pos += len;
                }
            }
            case DELTA_BYTES -> {
                long[] prefixes = longs(n);
                delta.read(prefixes, n, column, "DELTA_BYTE_ARRAY prefix lengths");
                long[] lengths = new long[n];
                suffixes.read(lengths, n, column, "DELTA_BYTE_ARRAY suffix lengths");
                for (int i = 0; i < n; i++) {
                    int prefix = (int) prefixes[i]; // 32-bit values
                    int suffix = (int) lengths[i];
                    if (prefix < 0 || prefix > previousLength || suffix < 0 || suffix > end - pos) {
                        throw new VortexException("Parquet column " + column + ": a prefix of " + prefix
                                + " bytes of a " + previousLength + "-byte value and a suffix of " + suffix
                                + " bytes in page " + pagesRead + " with " + (end - pos) + " bytes left");
                    }
                    int length = prefix + suffix;
                    if (length > previous.length) {
                        previous = Arrays.copyOf(previous, Math.max(length, 2 * previous.length));
                    }
                    System.arraycopy(buf, pos, previous, prefix, suffix);
                    pos += suffix;
                    previousLength = length;
                    values.bytes(at[i], previous, 0, length);
                }
            }
        }
    }

    private long[] longs(int n) {
        if (longBuffer.length < n) {
            longBuffer = new long[Math.max(n, 1024)];
        }
        return longBuffer;
    }

    private void nextPage() {
        DataPage page = pages.readPage();
        if (page == null) {
            throw new VortexException("Parquet column " + column + ": its pages end before the "
                    + pages.getTotalValueCount() + " values of its column chunk (" + pagesRead + " pages)");
        }
        pagesRead++;
        int count = page.getValueCount();
        if (count < 0) {
            throw new VortexException("Parquet column " + column + ": page " + pagesRead + " holds " + count
                    + " values");
        }
        Encoding encoding;
        switch (page) {
            case DataPageV1 v1 -> {
                ByteBuffer b = bytes(v1.getBytes());
                buf = b.array();
                pos = b.arrayOffset() + b.position();
                end = b.arrayOffset() + b.limit();
                if (maxDef > 0) {
                    if (v1.getDlEncoding() == Encoding.RLE) {
                        int length = lengthPrefix();
                        defs.reset(buf, pos, pos + length, levelWidth);
                        pos += length;
                    } else if (v1.getDlEncoding() == Encoding.BIT_PACKED) {
                        long bytes = ((long) count * levelWidth + 7) >>> 3;
                        if (bytes > end - pos) {
                            throw new VortexException("Parquet column " + column + ": page " + pagesRead
                                    + " is too short for its " + count + " bit-packed definition levels");
                        }
                        defs.resetBigEndian(buf, pos, count, levelWidth);
                        pos += (int) bytes;
                    } else {
                        throw unsupported("definition levels", v1.getDlEncoding());
                    }
                }
                encoding = v1.getValueEncoding();
            }
            case DataPageV2 v2 -> {
                if (maxDef > 0) {
                    ByteBuffer levels = bytes(v2.getDefinitionLevels());
                    int start = levels.arrayOffset() + levels.position();
                    defs.reset(levels.array(), start, levels.arrayOffset() + levels.limit(), levelWidth);
                }
                ByteBuffer b = bytes(v2.getData());
                buf = b.array();
                pos = b.arrayOffset() + b.position();
                end = b.arrayOffset() + b.limit();
                encoding = v2.getDataEncoding();
            }
            default -> throw new VortexException("Parquet column " + column + ": unknown page kind " + page);
        }
        boolean deltaBytes = false;
        switch (encoding) {
            case DELTA_BINARY_PACKED -> {
                delta.reset(buf, pos, end, column, "DELTA_BINARY_PACKED values");
                mode = Mode.DELTA;
            }
            case BYTE_STREAM_SPLIT -> {
                splitWidth = narrow ? 4 : 8;
                if ((end - pos) % splitWidth != 0) {
                    throw new VortexException("Parquet column " + column + ": BYTE_STREAM_SPLIT page " + pagesRead
                            + " of " + (end - pos) + " bytes, not a multiple of " + splitWidth);
                }
                splitCount = (end - pos) / splitWidth;
                splitNext = 0;
                mode = Mode.SPLIT;
            }
            case DELTA_LENGTH_BYTE_ARRAY -> {
                delta.reset(buf, pos, end, column, "DELTA_LENGTH_BYTE_ARRAY lengths");
                pos = delta.end(column, "DELTA_LENGTH_BYTE_ARRAY lengths");
                mode = Mode.DELTA_LENGTH;
            }
            case DELTA_BYTE_ARRAY -> {
                delta.reset(buf, pos, end, column, "DELTA_BYTE_ARRAY prefix lengths");
                int at = delta.end(column, "DELTA_BYTE_ARRAY prefix lengths");
                suffixes.reset(buf, at, end, column, "DELTA_BYTE_ARRAY suffix lengths");
                pos = suffixes.end(column, "DELTA_BYTE_ARRAY suffix lengths");
                if (!previousFromDeltaPage) {
                    previousLength = 0;
                }
                deltaBytes = true;
                mode = Mode.DELTA_BYTES;
            }
            case PLAIN -> {
                if (bools) {
                    // one bit per value, least significant first: the hybrid's bit-packed form without headers
                    ids.resetPacked(buf, pos, end, 1);
                    mode = Mode.BOOLS;
                } else {
                    mode = Mode.PLAIN;
                }
            }
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> {
                if (dictionarySize < 0) {
                    throw new VortexException("Parquet column " + column + ": page " + pagesRead
                            + " is dictionary-encoded but the column chunk has no dictionary page");
                }
                if (count > 0) {
                    if (pos >= end) {
                        throw new VortexException("Parquet column " + column + ": page " + pagesRead
                                + " has no bit width for its dictionary indices");
                    }
                    int width = buf[pos] & 0xFF;
                    if (width > 32) {
                        throw new VortexException("Parquet column " + column + ": dictionary indices of " + width
                                + " bits in page " + pagesRead);
                    }
                    ids.reset(buf, pos + 1, end, width);
                }
                mode = Mode.DICT;
            }
            case RLE -> {
                if (!bools) {
                    throw unsupported("values", encoding);
                }
                int length = lengthPrefix();
                ids.reset(buf, pos, pos + length, 1);
                mode = Mode.BOOLS;
            }
            default -> throw unsupported("values", encoding);
        }
        previousFromDeltaPage = deltaBytes;
        pageLeft = count;
    }

    /** Reads a 4-byte little-endian length at {@code pos}, checks it against the page and steps over it. */
    private int lengthPrefix() {
        if (end - pos < 4) {
            throw new VortexException("Parquet column " + column + ": page " + pagesRead + " ends before a length");
        }
        int length = (int) INT_LE.get(buf, pos);
        pos += 4;
        if (length < 0 || length > end - pos) {
            throw new VortexException("Parquet column " + column + ": a run of " + length + " bytes in page "
                    + pagesRead + " of " + (end - pos) + " bytes left");
        }
        return length;
    }

    private VortexException unsupported(String what, Encoding encoding) {
        return new VortexException("Parquet column " + column + ": " + what + " encoded " + encoding + " in page "
                + pagesRead + " (its column chunk's metadata does not list that encoding)");
    }

    /** The 8 bytes at {@code index} as a word (little- or big-endian), zeros past the buffer's end. */
    private static long tail(byte[] buf, int index, boolean bigEndianWord) {
        long word = 0;
        for (int i = 0; i < 8; i++) {
            long b = index + i < buf.length ? buf[index + i] & 0xFFL : 0;
            word |= bigEndianWord ? b << (56 - 8 * i) : b << (8 * i);
        }
        return word;
    }

    /** The bytes as a heap buffer, copied only when they are not on the heap already. */
    private static ByteBuffer bytes(BytesInput input) {
        try {
            ByteBuffer b = input.toByteBuffer();
            if (b.hasArray() && !b.isReadOnly()) {
                return b;
            }
            byte[] copy = new byte[b.remaining()];
            b.get(b.position(), copy);
            return ByteBuffer.wrap(copy);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * DELTA_BINARY_PACKED: a header (block size, miniblocks per block, value count, first value), then
     * blocks of a minimum delta, one bit width per miniblock and the miniblocks, each a bit-packed run of
     * deltas above the minimum (least significant bit first). Values wrap in 64 bits; INT32 callers narrow
     * them. Miniblocks past the last value may be left out.
     */
    static final class Delta {
        private byte[] buf;
        private int pos;
        private int end;
        private int perMini;
        private int miniblocks;
        private byte[] widths = new byte[0];
        /** Values not read yet, the first one included while it is pending. */
        private long left;
        private boolean firstPending;
        private long last;
        private long minDelta;
        /** The current miniblock (== miniblocks: a new block starts next), its values read, its bit position. */
        private int mini;
        private int inMini;
        private long bit;
        private int width;
        /** Where the block's next miniblock starts. */
        private int next;
        private int headerEnd;
        private long total;

        void reset(byte[] buf, int pos, int end, ColumnDescriptor column, String what) {
            this.buf = buf;
            this.end = end;
            this.pos = pos;
            long blockSize = uleb(column, what);
            long count = uleb(column, what);
            long values = uleb(column, what);
            long zigzag = uleb(column, what);
            if (blockSize <= 0 || blockSize > 1 << 20 || count <= 0 || blockSize % count != 0
                    || (blockSize / count) % 8 != 0 || values > Integer.MAX_VALUE) {
                throw new VortexException("Parquet column " + column + ": " + what + " with blocks of " + blockSize
                        + " values in " + count + " miniblocks for " + values + " values");
            }
            this.perMini = (int) (blockSize / count);
            this.miniblocks = (int) count;
            if (widths.length < miniblocks) {
                widths = new byte[miniblocks];
            }
            this.total = values;
            this.left = values;
            this.firstPending = values > 0;
            this.last = (zigzag >>> 1) ^ -(zigzag & 1);
            this.mini = miniblocks;
            this.inMini = 0;
            this.next = this.pos;
            this.headerEnd = this.pos;
        }

        /** @return where the values end: past the last miniblock holding one (the header read, blocks walked) */
        int end(ColumnDescriptor column, String what) {
            int at = headerEnd;
            long remaining = total - 1;
            while (remaining > 0) {
                pos = at;
                uleb(column, what); // the block's minimum delta
                if (end - pos < miniblocks) {
                    throw cut(column, what);
                }
                at = pos + miniblocks;
                for (int m = 0; m < miniblocks && remaining > 0; m++) {
                    long bytes = (long) perMini * (buf[pos + m] & 0xFF) / 8;
                    if (bytes > end - at) {
                        throw cut(column, what);
                    }
                    at += (int) bytes;
                    remaining -= perMini;
                }
            }
            pos = headerEnd;
            return at;
        }

        void read(long[] out, int n, ColumnDescriptor column, String what) {
            if (n > left) {
                throw new VortexException("Parquet column " + column + ": its " + what + " hold " + total
                        + " values, its levels more");
            }
            int i = 0;
            if (firstPending && n > 0) {
                out[i++] = last;
                firstPending = false;
                left--;
            }
            while (i < n) {
                if (mini == miniblocks || inMini == perMini) {
                    nextMiniblock(column, what);
                }
                int k = Math.min(n - i, perMini - inMini);
                long b = bit;
                int w = width;
                long v = last;
                long min = minDelta;
                for (int j = 0; j < k; j++) {
                    v += min + bits(b, w);
                    b += w;
                    out[i + j] = v;
                }
                last = v;
                bit = b;
                inMini += k;
                i += k;
                left -= k;
            }
        }

        private void nextMiniblock(ColumnDescriptor column, String what) {
            if (mini == miniblocks) {
                pos = next;
                long zigzag = uleb(column, what);
                minDelta = (zigzag >>> 1) ^ -(zigzag & 1);
                if (end - pos < miniblocks) {
                    throw cut(column, what);
                }
                System.arraycopy(buf, pos, widths, 0, miniblocks);
                next = pos + miniblocks;
                mini = 0;
            } else {
                mini++;
                if (mini == miniblocks) {
                    nextMiniblock(column, what);
                    return;
                }
            }
            width = widths[mini] & 0xFF;
            if (width > 64) {
                throw new VortexException("Parquet column " + column + ": a miniblock of " + width + "-bit deltas in "
                        + "its " + what);
            }
            // the values this miniblock holds for the page; a miniblock is padded, only its values must be there
            long needed = Math.min(perMini, left);
            long bytes = (long) perMini * width / 8;
            if ((needed * width + 7) / 8 > end - next) {
                throw cut(column, what);
            }
            bit = (long) next << 3;
            next += (int) Math.min(bytes, end - next);
            inMini = 0;
        }

        /** The {@code w}-bit value at bit {@code b}, least significant bit first. */
        private long bits(long b, int w) {
            if (w == 0) {
                return 0;
            }
            int index = (int) (b >>> 3);
            int shift = (int) (b & 7);
            long word = index <= buf.length - 8 ? (long) LONG_LE.get(buf, index) : tail(buf, index, false);
            long v = word >>> shift;
            if (w + shift > 64) {
                long high = index + 8 < buf.length ? buf[index + 8] & 0xFFL : 0;
                v |= high << (64 - shift);
            }
            return w == 64 ? v : v & ((1L << w) - 1);
        }

        private long uleb(ColumnDescriptor column, String what) {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                if (pos >= end || shift > 63) {
                    throw cut(column, what);
                }
                int b = buf[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
        }

        private static VortexException cut(ColumnDescriptor column, String what) {
            return new VortexException("Parquet column " + column + ": its " + what + " are cut off or malformed");
        }
    }

    /**
     * The RLE/bit-packed hybrid: runs of one repeated value and runs of groups of 8 values packed least
     * significant bit first, each behind a ULEB128 header; or (for deprecated BIT_PACKED levels) one run of
     * values packed most significant bit first.
     */
    static final class Hybrid {
        private byte[] buf;
        private int pos;
        private int end;
        private int width;
        private int runLeft;
        private boolean packed;
        private boolean bigEndian;
        private int value;
        private long bit;
        /** Whether the buffer is one packed run without headers, read until it ends. */
        private boolean headerless;

        /** Starts reading hybrid runs of {@code width}-bit values in {@code buf[pos, end)}. */
        void reset(byte[] buf, int pos, int end, int width) {
            this.buf = buf;
            this.pos = pos;
            this.end = end;
            this.width = width;
            this.runLeft = 0;
            this.headerless = false;
        }

        /** Starts reading values packed least significant bit first, with no headers, in {@code buf[pos, end)}. */
        void resetPacked(byte[] buf, int pos, int end, int width) {
            reset(buf, pos, end, width);
            this.headerless = true;
            this.packed = true;
            this.bigEndian = false;
            this.bit = (long) pos << 3;
            this.runLeft = (int) Math.min(((long) (end - pos) << 3) / width, Integer.MAX_VALUE);
            this.pos = end;
        }

        /** Starts reading {@code count} values packed most significant bit first at {@code pos}. */
        void resetBigEndian(byte[] buf, int pos, int count, int width) {
            reset(buf, pos, pos, width);
            this.headerless = true;
            this.packed = true;
            this.bigEndian = true;
            this.bit = (long) pos << 3;
            this.runLeft = count;
        }

        /**
         * Reads the next {@code n} values into {@code out[0..n)}.
         *
         * @throws VortexException when the runs end first
         */
        void read(int[] out, int n, ColumnDescriptor column, String what) {
            int off = 0;
            while (off < n) {
                if (runLeft == 0) {
                    if (headerless) {
                        throw new VortexException("Parquet column " + column + ": its " + what
                                + " end before the page's values");
                    }
                    nextRun(column, what);
                    continue;
                }
                int k = Math.min(n - off, runLeft);
                if (!packed) {
                    Arrays.fill(out, off, off + k, value);
                } else if (bigEndian) {
                    unpackBigEndian(out, off, k);
                } else {
                    unpack(out, off, k);
                }
                off += k;
                runLeft -= k;
            }
        }

        private void nextRun(ColumnDescriptor column, String what) {
            if (pos >= end) {
                throw new VortexException("Parquet column " + column + ": its " + what
                        + " end before the page's values");
            }
            long header = 0;
            for (int shift = 0; ; shift += 7) {
                if (pos >= end || shift > 28) {
                    throw new VortexException("Parquet column " + column + ": a malformed run header in its " + what);
                }
                int b = buf[pos++];
                header |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    break;
                }
            }
            long count = header >>> 1;
            if ((header & 1) == 0) {
                int bytes = (width + 7) >>> 3;
                if (end - pos < bytes) {
                    throw new VortexException("Parquet column " + column + ": a run's value is cut off in its " + what);
                }
                int v = 0;
                for (int i = 0; i < bytes; i++) {
                    v |= (buf[pos + i] & 0xFF) << (8 * i);
                }
                pos += bytes;
                value = v;
                packed = false;
                runLeft = (int) Math.min(count, Integer.MAX_VALUE);
            } else {
                long values = count << 3;
                long bytes = count * width;
                // a last run may stop short of its groups' padding: read only the values its bytes hold
                long held = width == 0 ? values : Math.min(values, ((long) (end - pos) << 3) / width);
                if (held == 0 && values > 0) {
                    throw new VortexException("Parquet column " + column + ": a bit-packed run is cut off in its "
                            + what);
                }
                packed = true;
                bigEndian = false;
                bit = (long) pos << 3;
                pos += (int) Math.min(bytes, end - pos);
                runLeft = (int) Math.min(held, Integer.MAX_VALUE);
            }
        }

        private void unpack(int[] out, int off, int k) {
            long mask = (1L << width) - 1;
            long b = bit;
            int w = width;
            int fast = buf.length - 8;
            for (int i = 0; i < k; i++) {
                int index = (int) (b >>> 3);
                long word = index <= fast ? (long) LONG_LE.get(buf, index) : tail(buf, index, false);
                out[off + i] = (int) ((word >>> (b & 7)) & mask);
                b += w;
            }
            bit = b;
        }

        private void unpackBigEndian(int[] out, int off, int k) {
            long mask = (1L << width) - 1;
            long b = bit;
            int w = width;
            int fast = buf.length - 8;
            for (int i = 0; i < k; i++) {
                int index = (int) (b >>> 3);
                long word = index <= fast ? (long) LONG_BE.get(buf, index) : tail(buf, index, true);
                out[off + i] = (int) ((word >>> (64 - (b & 7) - w)) & mask);
                b += w;
            }
            bit = b;
        }

    }
}
