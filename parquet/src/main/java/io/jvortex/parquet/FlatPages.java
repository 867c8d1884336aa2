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
 * (or the deprecated big-endian bit packing for levels), values as PLAIN or through the dictionary, a
 * section of a page at a time, straight into the leaf's arrays ({@link Values}).
 *
 * <p>It takes the chunks whose every encoding is one that common writers produce ({@link #supports});
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
    }

    private enum Mode { PLAIN, DICT, BOOLS }

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
                || !ENCODINGS.containsAll(chunk.getEncodings())
                || !chunk.getPath().equals(org.apache.parquet.hadoop.metadata.ColumnPath.get(
                        leaf.descriptor().getPath()))) {
            return false;
        }
        PrimitiveTypeName type = leaf.descriptor().getPrimitiveType().getPrimitiveTypeName();
        return switch (leaf.kind()) {
            case BOOL -> type == PrimitiveTypeName.BOOLEAN;
            case INT32, DECIMAL_INT32 -> type == PrimitiveTypeName.INT32;
            case INT64, DECIMAL_INT64 -> type == PrimitiveTypeName.INT64;
            case FLOAT -> type == PrimitiveTypeName.FLOAT;
            case DOUBLE -> type == PrimitiveTypeName.DOUBLE;
            case BYTES -> type == PrimitiveTypeName.BINARY
                    || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && leaf.descriptor().getPrimitiveType().getTypeLength() > 0;
            default -> false;
        };
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
        }
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
        switch (encoding) {
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
                long word = index <= fast ? (long) LONG_LE.get(buf, index) : tail(index, false);
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
                long word = index <= fast ? (long) LONG_BE.get(buf, index) : tail(index, true);
                out[off + i] = (int) ((word >>> (64 - (b & 7) - w)) & mask);
                b += w;
            }
            bit = b;
        }

        /** The 8 bytes at {@code index} as a word, zeros past the buffer's end. */
        private long tail(int index, boolean bigEndianWord) {
            long word = 0;
            for (int i = 0; i < 8; i++) {
                long b = index + i < buf.length ? buf[index + i] & 0xFFL : 0;
                word |= bigEndianWord ? b << (56 - 8 * i) : b << (8 * i);
            }
            return word;
        }
    }
}
