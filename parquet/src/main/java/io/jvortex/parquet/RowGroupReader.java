package io.jvortex.parquet;

import io.jvortex.error.VortexException;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.parquet.ParquetSchema.Leaf;
import io.jvortex.parquet.ParquetSchema.ListNode;
import io.jvortex.parquet.ParquetSchema.MapNode;
import io.jvortex.parquet.ParquetSchema.Node;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.Binary;

/**
 * Turns one row group into canonical Vortex arrays, a batch of whole top-level rows at a time (see
 * {@link Batches}): every leaf column is read once, through {@link FlatPages} when it does not repeat
 * and its encodings allow, otherwise through its {@link ColumnReader}, into primitive arrays at its
 * rows' positions (nulls leave zeros), keeping its definition and repetition levels only
 * when an enclosing struct, list or map needs them; the enclosing nodes then take their validity and
 * offsets from their first leaf's levels.
 *
 * <p>Buffers handed to the arrays live in the caller's arena.
 */
final class RowGroupReader {
    private static final ValueLayout.OfShort SHORT_LE = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle VIEW_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle VIEW_LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final DType.Primitive OFFSETS = new DType.Primitive(PType.I32, false);
    /** Julian day number of 1970-01-01, the epoch of INT96 timestamps' day field. */
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;
    /** Level entries per column chunk we accept: views of 16 bytes each must fit one Java array. */
    private static final int MAX_ENTRIES = (Integer.MAX_VALUE - 64) / 32;
    /** Largest string data buffer; a new one starts beyond it (view offsets are 32-bit). */
    private static final int MAX_DATA_BUFFER = 1 << 30;
    /** Largest dictionary (in bytes of values longer than a view) whose values each batch copies once. */
    private static final int SHARED_DICT_BYTES = 64 << 10;

    /** A leaf column of one row group: its array and, when kept, its levels. */
    private record LeafData(byte[] defs, byte[] reps, int entries, Canonical array) {
        int def(int i) {
            return defs == null ? 0 : defs[i] & 0xFF;
        }

        int rep(int i) {
            return reps == null ? 0 : reps[i] & 0xFF;
        }
    }

    private RowGroupReader() {
    }

    /**
     * How large a batch may grow.
     *
     * @param rows the most top-level rows per batch
     * @param entries the most level entries of all leaf columns together per batch of a schema with repeated
     *     columns; a batch ends at the first row boundary reaching it, so one row larger than this is one batch
     * @param bytes likewise the most string and binary value bytes of all leaf columns together
     * @param pageDecoder whether {@link FlatPages} decodes the column chunks it supports (otherwise
     *     parquet-java's column reader reads every column)
     */
    record Limits(int rows, int entries, long bytes, boolean pageDecoder) {
        /** 64 Ki rows, 1 Mi level entries, 16 MiB of string bytes: a few tens of MiB per batch. */
        static final Limits DEFAULT = new Limits(1 << 16, 1 << 20, 16L << 20);

        /** Limits with {@link FlatPages} decoding the columns it supports. */
        Limits(int rows, int entries, long bytes) {
            this(rows, entries, bytes, true);
        }

        /** @return these limits with every column read by parquet-java's column reader (to compare with) */
        Limits withParquetJavaReader() {
            return new Limits(rows, entries, bytes, false);
        }

        Limits {
            if (rows < 1 || entries < 1 || bytes < 1) {
                throw new IllegalArgumentException("batch limits must be positive: " + rows + ", " + entries + ", "
                        + bytes);
            }
        }
    }

    private static StructArray assemble(ParquetSchema.Struct root, LeafData[] data, long rowCount, Arena arena) {
        List<Canonical> fields = new ArrayList<>(root.children().size());
        for (int i = 0; i < root.children().size(); i++) {
            Canonical field = build(root.children().get(i), data, arena);
            if (field.length() != rowCount) {
                throw new VortexException("Parquet column " + root.dtype().names().get(i) + " has " + field.length()
                        + " rows in a row group of " + rowCount);
            }
            fields.add(field);
        }
        return new StructArray(root.dtype(), fields, (int) rowCount, Validity.ALL_VALID);
    }

    /**
     * Reads a row group in batches of top-level rows, so memory holds one batch's arrays, not the row
     * group's. When no column repeats, every level entry is a row and each column reader reads the same
     * number of entries, column after column. Otherwise the columns advance together one row at a time (a
     * row starts at an entry of repetition level 0; the entry starting the next row is left unread), and a
     * batch also ends at the first row boundary where the level entries or value bytes read reach the
     * {@link Limits}. The enclosing nodes take each batch's validity and offsets from its own levels, which
     * start at a row, so the arrays are those the whole row group would give, cut at the batches' rows.
     */
    static final class Batches {
        private final ParquetSchema.Struct root;
        private final LeafReader[] leaves;
        private final boolean flat;
        private final long rowCount;
        private long remaining;

        /**
         * @param root the converted schema
         * @param pages the row group's pages
         * @param store its column readers
         * @param block the row group's metadata, or null when unknown (every column is then read by {@code store})
         * @param pageDecoder whether {@link FlatPages} reads the column chunks it supports
         * @throws VortexException when a column's value count contradicts the row count
         */
        Batches(ParquetSchema.Struct root, PageReadStore pages, ColumnReadStore store, BlockMetaData block,
                boolean pageDecoder) {
            this.root = root;
            this.rowCount = pages.getRowCount();
            this.remaining = rowCount;
            List<Leaf> list = new ArrayList<>();
            collect(root, list);
            this.leaves = new LeafReader[list.size()];
            boolean noRepetition = true;
            for (Leaf leaf : list) {
                long entries = pages.getPageReader(leaf.descriptor()).getTotalValueCount();
                if (leaf.descriptor().getMaxRepetitionLevel() == 0) {
                    if (entries != rowCount) {
                        throw new VortexException("Parquet column " + leaf.descriptor() + " has " + entries
                                + " values in a row group of " + rowCount + " rows");
                    }
                } else {
                    noRepetition = false;
                }
                ColumnChunkMetaData chunk = pageDecoder && block != null && leaf.column() < block.getColumns().size()
                        ? block.getColumns().get(leaf.column()) : null;
                if (FlatPages.supports(chunk, leaf)) {
                    LeafReader reader = LeafReader.of(null, leaf, entries);
                    reader.pages = new FlatPages(pages.getPageReader(leaf.descriptor()), leaf, reader);
                    leaves[leaf.column()] = reader;
                } else {
                    leaves[leaf.column()] = LeafReader.of(store.getColumnReader(leaf.descriptor()), leaf, entries);
                }
            }
            this.flat = noRepetition;
        }

        /** @return whether rows remain */
        boolean hasNext() {
            return remaining > 0;
        }

        /**
         * @param limits how large the batch may grow
         * @param arena where the arrays' buffers go
         * @return the next rows, at least one
         * @throws VortexException when the levels or values contradict the schema
         */
        StructArray next(Limits limits, Arena arena) {
            int want = (int) Math.min(limits.rows(), remaining);
            int rows = 0;
            if (flat) {
                for (LeafReader leaf : leaves) {
                    leaf.readRows(want, want);
                }
                rows = want;
            } else {
                // room for a batch's entries and a last row of up to 1/16 of them, without growing twice as large
                int room = (int) Math.min(limits.entries() + (long) (limits.entries() >> 4), MAX_ENTRIES);
                int byteRoom = (int) Math.min(limits.bytes() + (limits.bytes() >> 4), MAX_DATA_BUFFER);
                for (LeafReader leaf : leaves) {
                    leaf.byteRoom = byteRoom;
                }
                while (rows < want) {
                    long entries = 0;
                    long bytes = 0;
                    for (LeafReader leaf : leaves) {
                        if (leaf.readRows(1, room) != 1) {
                            throw new VortexException("Parquet column " + leaf.leaf.descriptor() + " ends after "
                                    + (rowCount - remaining + rows) + " of its row group's " + rowCount + " rows");
                        }
                        entries += leaf.entries;
                        bytes += leaf.bytes();
                    }
                    rows++;
                    if (entries >= limits.entries() || bytes >= limits.bytes()) {
                        break;
                    }
                }
            }
            remaining -= rows;
            LeafData[] data = new LeafData[leaves.length];
            for (int i = 0; i < leaves.length; i++) {
                if (remaining == 0 && leaves[i].left != 0) {
                    throw new VortexException("Parquet column " + leaves[i].leaf.descriptor() + " has "
                            + leaves[i].left + " values beyond its row group's " + rowCount + " rows");
                }
                data[i] = leaves[i].finish(arena, limits);
            }
            return assemble(root, data, rows, arena);
        }
    }

    private static void collect(Node node, List<Leaf> out) {
        switch (node) {
            case Leaf leaf -> out.add(leaf);
            case ParquetSchema.Struct s -> s.children().forEach(c -> collect(c, out));
            case ListNode l -> collect(l.element(), out);
            case MapNode m -> {
                collect(m.key(), out);
                collect(m.value(), out);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // enclosing nodes

    private static Canonical build(Node node, LeafData[] data, Arena arena) {
        return switch (node) {
            case Leaf leaf -> data[leaf.column()].array();
            case ParquetSchema.Struct s -> struct(s, data, arena);
            case ListNode l -> list(l, data, arena);
            case MapNode m -> map(m, data, arena);
        };
    }

    private static StructArray struct(ParquetSchema.Struct s, LeafData[] data, Arena arena) {
        LeafData levels = data[s.firstLeaf().column()];
        int n = levels.entries();
        long[] valid = new long[(n + 63) >>> 6];
        int slots = 0;
        int present = 0;
        int slotDef = s.slotDef();
        int presentDef = s.presentDef();
        int slotRep = s.slotRep();
        for (int i = 0; i < n; i++) {
            int d = levels.def(i);
            if (d >= slotDef && levels.rep(i) <= slotRep) {
                if (d >= presentDef) {
                    valid[slots >>> 6] |= 1L << slots;
                    present++;
                }
                slots++;
            }
        }
        List<Canonical> fields = new ArrayList<>(s.children().size());
        for (int i = 0; i < s.children().size(); i++) {
            Canonical field = build(s.children().get(i), data, arena);
            if (field.length() != slots) {
                throw new VortexException("Parquet struct field " + s.dtype().names().get(i) + " has "
                        + field.length() + " rows, its struct " + slots);
            }
            fields.add(field);
        }
        return new StructArray(s.dtype(), fields, slots, validity(s.dtype().nullable(), valid, slots, present, arena));
    }

    /** Offsets (slots + 1 of them), validity and the child's row count of a list or map. */
    private record ListShape(int slots, MemorySegment offsets, Validity validity, int elements) {
    }

    private static ListShape listShape(Node node, boolean nullable, LeafData levels, Arena arena) {
        int n = levels.entries();
        int[] offsets = new int[n + 1];
        long[] valid = new long[(n + 63) >>> 6];
        int slots = 0;
        int present = 0;
        int elements = 0;
        int slotDef = node.slotDef();
        int presentDef = node.presentDef();
        int slotRep = node.slotRep();
        int elementDef = presentDef + 1;
        int elementRep = slotRep + 1;
        for (int i = 0; i < n; i++) {
            int d = levels.def(i);
            int r = levels.rep(i);
            if (r <= slotRep) {
                if (d < slotDef) {
                    continue;
                }
                offsets[slots] = elements;
                if (d >= presentDef) {
                    valid[slots >>> 6] |= 1L << slots;
                    present++;
                }
                slots++;
            }
            if (d >= elementDef && r <= elementRep) {
                elements++;
            }
        }
        offsets[slots] = elements;
        MemorySegment segment = arena.allocate((slots + 1L) * 4, 8);
        MemorySegment.copy(offsets, 0, segment, INT_LE, 0, slots + 1);
        return new ListShape(slots, segment, validity(nullable, valid, slots, present, arena), elements);
    }

    private static ListArray list(ListNode l, LeafData[] data, Arena arena) {
        ListShape shape = listShape(l, l.dtype().nullable(), data[l.firstLeaf().column()], arena);
        Canonical elements = build(l.element(), data, arena);
        if (elements.length() != shape.elements()) {
            throw new VortexException("Parquet list has " + shape.elements() + " elements by its levels, its element "
                    + "column " + elements.length());
        }
        PrimitiveArray offsets = new PrimitiveArray(OFFSETS, shape.offsets(), shape.slots() + 1, Validity.ALL_VALID);
        return new ListArray(l.dtype(), elements, offsets, shape.slots(), shape.validity());
    }

    private static MapArray map(MapNode m, LeafData[] data, Arena arena) {
        ListShape shape = listShape(m, m.dtype().nullable(), data[m.firstLeaf().column()], arena);
        Canonical keys = build(m.key(), data, arena);
        Canonical values = build(m.value(), data, arena);
        if (keys.length() != shape.elements() || values.length() != shape.elements()) {
            throw new VortexException("Parquet map has " + shape.elements() + " entries by its levels, its keys "
                    + keys.length() + " and values " + values.length());
        }
        StructArray entries = new StructArray(m.dtype().entry(), List.of(keys, values), shape.elements(),
                Validity.ALL_VALID);
        int slots = shape.slots();
        // the reference holds maps as list views: the offsets are the list offsets, sizes their differences
        MemorySegment sizes = arena.allocate(Math.max(4L * slots, 1), 8).asSlice(0, 4L * slots);
        MemorySegment offsets = shape.offsets();
        for (int i = 0; i < slots; i++) {
            sizes.set(INT_LE, 4L * i, offsets.get(INT_LE, 4L * (i + 1)) - offsets.get(INT_LE, 4L * i));
        }
        ListViewArray view = new ListViewArray(m.dtype().entries(), entries,
                new PrimitiveArray(OFFSETS, offsets.asSlice(0, 4L * slots), slots, Validity.ALL_VALID),
                new PrimitiveArray(OFFSETS, sizes, slots, Validity.ALL_VALID), slots, shape.validity());
        return new MapArray(m.dtype(), view);
    }

    private static Validity validity(boolean nullable, long[] valid, int slots, int present, Arena arena) {
        // a required node is "absent" only under a null parent, which masks it
        if (present == slots || !nullable) {
            return Validity.ALL_VALID;
        }
        if (present == 0) {
            return Validity.ALL_INVALID;
        }
        int words = (slots + 63) >>> 6;
        MemorySegment bits = arena.allocate(8L * words, 8);
        MemorySegment.copy(valid, 0, bits, LONG_LE, 0, words);
        return new Validity.Bitmap(bits, 0);
    }

    // ---------------------------------------------------------------------------------------------
    // leaves

    /**
     * Reads one leaf column of a row group a batch of rows at a time; the loops place each value at its
     * row ("slot") in arrays that grow with the batch, and {@link #finish} hands the batch's array and
     * levels over and starts the next batch in the same arrays, zeroed.
     */
    private abstract static class LeafReader implements FlatPages.Values {
        /** Level entries decoded per {@link FlatPages} call. */
        private static final int SECTION = 4096;
        /** The column's reader, or null when {@link #pages} decodes it. */
        final ColumnReader reader;
        /** The column chunk's own page decoder, or null when parquet-java's {@link #reader} reads it. */
        FlatPages pages;
        private int[] levelBuffer;
        private int[] atBuffer;
        final Leaf leaf;
        private final boolean repeated;
        private final boolean keepDefs;
        private final boolean keepReps;
        private final int maxDef;
        private final int slotDef;
        /** The column chunk's entries not read yet. */
        long left;
        /** How large a string data buffer grows at first: past it, it grows as needed. */
        int byteRoom = MAX_DATA_BUFFER;
        private byte[] defs;
        private byte[] reps;
        private long[] valid;
        private int capacity;
        /** The batch's level entries. */
        int entries;
        /** The batch's rows of this leaf. */
        int slots;
        private int present;

        LeafReader(ColumnReader reader, Leaf leaf, long total) {
            this.reader = reader;
            this.leaf = leaf;
            this.repeated = leaf.descriptor().getMaxRepetitionLevel() > 0;
            this.keepDefs = leaf.keepLevels() && leaf.presentDef() > 0;
            this.keepReps = leaf.keepLevels() && leaf.slotRep() > 0;
            this.maxDef = leaf.presentDef();
            this.slotDef = leaf.slotDef();
            this.left = total;
            this.defs = keepDefs ? new byte[0] : null;
            this.reps = keepReps ? new byte[0] : null;
            this.valid = new long[0];
        }

        static LeafReader of(ColumnReader reader, Leaf leaf, long total) {
            return switch (leaf.kind()) {
                case BOOL -> new Bools(reader, leaf, total);
                case INT32, DECIMAL_INT32, FLOAT, FLOAT16, INT64, DECIMAL_INT64, DOUBLE, INT96 ->
                        new Numbers(reader, leaf, total);
                case DECIMAL_BYTES -> new Decimals(reader, leaf, total);
                case BYTES -> new Strings(reader, leaf, total);
                case NULL -> new Nulls(reader, leaf, total);
                case UUID -> new Uuids(reader, leaf, total);
            };
        }

        /**
         * Reads the entries of the next rows into the batch. A row starts at an entry of repetition level
         * 0, so the entry that would start the row after them is left unread.
         *
         * @param rows how many rows
         * @param room how many entries the arrays grow to at first: past it, they grow as needed
         * @return the rows read: fewer only at the column chunk's end
         * @throws VortexException when the column's first entry continues a row
         */
        final int readRows(int rows, int room) {
            if (!repeated) {
                int n = (int) Math.min(rows, left);
                reserve(n, room);
                if (pages != null) {
                    readSections(n);
                    return n;
                }
                for (int i = 0; i < n; i++) {
                    entry(0);
                }
                return n;
            }
            int started = 0;
            while (left > 0) {
                int r = reader.getCurrentRepetitionLevel();
                if (r == 0) {
                    if (started == rows) {
                        break;
                    }
                    started++;
                } else if (started == 0) {
                    throw new VortexException("Parquet column " + leaf.descriptor() + ": a row starts at repetition "
                            + "level " + r + ", not 0");
                }
                reserve(1, room);
                entry(r);
            }
            return started;
        }

        /**
         * Reads {@code n} entries of a column that does not repeat through {@link #pages}, a section of a page
         * at a time: its levels place the values at their slots as {@link #entry} does.
         */
        private void readSections(int n) {
            if (levelBuffer == null) {
                levelBuffer = new int[SECTION];
                atBuffer = new int[SECTION];
            }
            int[] levels = levelBuffer;
            int[] at = atBuffer;
            while (n > 0) {
                int m = pages.levels(levels, Math.min(n, SECTION));
                int p = 0;
                int slot = slots;
                if (maxDef == 0) {
                    for (int i = 0; i < m; i++) {
                        valid[slot >>> 6] |= 1L << slot;
                        at[p++] = slot++;
                    }
                    if (keepDefs) {
                        Arrays.fill(defs, entries, entries + m, (byte) 0);
                    }
                } else {
                    for (int i = 0; i < m; i++) {
                        int d = levels[i];
                        if (keepDefs) {
                            defs[entries + i] = (byte) d;
                        }
                        if (d == maxDef) {
                            valid[slot >>> 6] |= 1L << slot;
                            at[p++] = slot++;
                        } else if (d >= slotDef) {
                            slot++; // a null row: its value stays zero
                        }
                    }
                }
                if (keepReps) {
                    Arrays.fill(reps, entries, entries + m, (byte) 0);
                }
                entries += m;
                slots = slot;
                present += p;
                pages.values(at, p);
                left -= m;
                n -= m;
            }
        }

        @Override
        public int plain(byte[] buf, int pos, int end, int[] at, int n) {
            throw new IllegalStateException("no page decoding for " + leaf.kind());
        }

        @Override
        public void dictionary(byte[] buf, int pos, int end, int size) {
            throw new IllegalStateException("no page decoding for " + leaf.kind());
        }

        @Override
        public void dict(int[] ids, int[] at, int n) {
            throw new IllegalStateException("no page decoding for " + leaf.kind());
        }

        @Override
        public void longs(long[] values, int[] at, int n) {
            throw new IllegalStateException("no page decoding for " + leaf.kind());
        }

        @Override
        public void bytes(int slot, byte[] src, int off, int len) {
            throw new IllegalStateException("no page decoding for " + leaf.kind());
        }

        /** @throws VortexException when {@code need} bytes are not left in a page */
        final void need(long need, int pos, int end, String what) {
            if (need > end - pos) {
                throw new VortexException("Parquet column " + leaf.descriptor() + ": a page holds " + (end - pos)
                        + " bytes where " + what + " need " + need);
            }
        }

        /** @throws VortexException when an index is not one of the {@code size} dictionary entries */
        final void badIndex(int id, int size) {
            throw new VortexException("Parquet column " + leaf.descriptor() + ": dictionary index "
                    + Integer.toUnsignedString(id) + " in a dictionary of " + size + " entries");
        }

        /** Reads the current entry (of repetition level {@code r}) and its value, if any. */
        private void entry(int r) {
            int d = reader.getCurrentDefinitionLevel();
            if (keepDefs) {
                defs[entries] = (byte) d;
            }
            if (keepReps) {
                reps[entries] = (byte) r;
            }
            entries++;
            if (d == maxDef) {
                valid[slots >>> 6] |= 1L << slots;
                present++;
                value(slots++);
            } else if (d >= slotDef) {
                slots++; // a null row: its value stays zero
            }
            reader.consume();
            left--;
        }

        /** Makes room for {@code more} entries (and so as many slots), growing to {@code room} at first. */
        private void reserve(int more, int room) {
            if (more <= capacity - entries) {
                return;
            }
            long needed = (long) entries + more;
            if (needed > MAX_ENTRIES) {
                throw new VortexException("Parquet column " + leaf.descriptor() + " has more than " + MAX_ENTRIES
                        + " values in one batch of rows (a row that large is not supported)");
            }
            long grown = capacity == 0 ? Math.max(needed, Math.min(left, 1024)) : Math.max(needed, 2L * capacity);
            if (needed <= room) {
                grown = Math.min(grown, room);
            }
            capacity = (int) Math.min(grown, MAX_ENTRIES);
            if (keepDefs) {
                defs = Arrays.copyOf(defs, capacity);
            }
            if (keepReps) {
                reps = Arrays.copyOf(reps, capacity);
            }
            valid = Arrays.copyOf(valid, (capacity + 63) >>> 6);
            grow(capacity);
        }

        /**
         * Hands the batch over and starts the next one in the same arrays, zeroed, unless a large row grew
         * them beyond twice the limits: then they are dropped.
         *
         * @param arena where the array's buffers go
         * @param limits the batch limits
         * @return the batch's array and the levels the enclosing nodes need (valid until the next read)
         */
        final LeafData finish(Arena arena, Limits limits) {
            LeafData data = new LeafData(defs, reps, entries, array(arena));
            if (capacity <= Math.max(limits.rows(), 2L * limits.entries())) {
                Arrays.fill(valid, 0, (slots + 63) >>> 6, 0L);
                zero(slots, Math.min(limits.bytes(), Long.MAX_VALUE / 2) * 2);
            } else {
                defs = keepDefs ? new byte[0] : null;
                reps = keepReps ? new byte[0] : null;
                valid = new long[0];
                capacity = 0;
                grow(0);
            }
            entries = 0;
            slots = 0;
            present = 0;
            return data;
        }

        /** Stores the current entry's value at a slot. */
        abstract void value(int slot);

        /** Sizes the value arrays for {@code slots} slots: zero drops them, more keeps their values. */
        abstract void grow(int slots);

        /**
         * Zeroes the values of the first {@code slots} slots for the next batch (null rows hold zeros).
         *
         * @param slots the slots the batch used
         * @param keepBytes the largest value data buffer to keep
         */
        abstract void zero(int slots, long keepBytes);

        /** @return the batch's rows as the leaf's array */
        abstract Canonical array(Arena arena);

        /** @return the string and binary value bytes the batch holds */
        long bytes() {
            return 0;
        }

        final Validity validity(Arena arena) {
            return RowGroupReader.validity(leaf.dtype().nullable(), valid, slots, present, arena);
        }

        final ByteBuffer bytesOf(Binary binary, int length) {
            ByteBuffer b = binary.toByteBuffer();
            if (b.remaining() != length) {
                throw new VortexException("Parquet column " + leaf.descriptor() + ": a value of " + b.remaining()
                        + " bytes where " + length + " are required");
            }
            return b;
        }

        /** The rows of long-read values as the leaf's array (decimals sign-extended beyond 8 bytes). */
        final Canonical fixed(long[] values, Arena arena) {
            int width = leaf.width();
            MemorySegment segment = allocate(arena, width);
            switch (width) {
                case 1 -> {
                    for (int i = 0; i < slots; i++) {
                        segment.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                    }
                }
                case 2 -> {
                    for (int i = 0; i < slots; i++) {
                        segment.set(SHORT_LE, 2L * i, (short) values[i]);
                    }
                }
                case 4 -> {
                    for (int i = 0; i < slots; i++) {
                        segment.set(INT_LE, 4L * i, (int) values[i]);
                    }
                }
                case 8 -> MemorySegment.copy(values, 0, segment, LONG_LE, 0, slots);
                default -> {
                    for (int i = 0; i < slots; i++) {
                        long v = values[i];
                        long base = (long) i * width;
                        segment.set(LONG_LE, base, v);
                        segment.asSlice(base + 8, width - 8).fill((byte) (v >> 63));
                    }
                }
            }
            return wrap(segment, arena);
        }

        final Canonical fixed(byte[] values, Arena arena) {
            int width = leaf.width();
            MemorySegment segment = allocate(arena, width);
            MemorySegment.copy(values, 0, segment, ValueLayout.JAVA_BYTE, 0, slots * width);
            return wrap(segment, arena);
        }

        final MemorySegment allocate(Arena arena, int width) {
            long bytes = (long) slots * width;
            return arena.allocate(Math.max(bytes, 8), 8).asSlice(0, bytes);
        }

        private Canonical wrap(MemorySegment values, Arena arena) {
            Validity validity = validity(arena);
            return switch (leaf.dtype()) {
                case DType.Primitive p -> new PrimitiveArray(p, values, slots, validity);
                case DType.Decimal d -> new DecimalArray(d, leaf.width(), values, slots, validity);
                case DType.Extension e -> new ExtensionArray(e,
                        new PrimitiveArray((DType.Primitive) e.storage(), values, slots, validity));
                default -> throw new IllegalStateException("fixed-width leaf of " + leaf.dtype().display());
            };
        }
    }

    /** UNKNOWN columns: rows only, every one null. */
    private static final class Nulls extends LeafReader {
        Nulls(ColumnReader reader, Leaf leaf, long total) {
            super(reader, leaf, total);
        }

        @Override
        void value(int slot) {
            throw new VortexException("Parquet column " + leaf.descriptor() + " of the null type holds a value");
        }

        @Override
        void grow(int slots) {
        }

        @Override
        void zero(int slots, long keepBytes) {
        }

        @Override
        Canonical array(Arena arena) {
            return new NullArray(slots);
        }
    }

    private static final class Bools extends LeafReader {
        private long[] bits = new long[0];

        Bools(ColumnReader reader, Leaf leaf, long total) {
            super(reader, leaf, total);
        }

        @Override
        void value(int slot) {
            if (reader.getBoolean()) {
                bits[slot >>> 6] |= 1L << slot;
            }
        }

        @Override
        public void dict(int[] ids, int[] at, int n) {
            long[] b = bits;
            for (int i = 0; i < n; i++) {
                int slot = at[i];
                b[slot >>> 6] |= (long) (ids[i] & 1) << slot;
            }
        }

        @Override
        void grow(int slots) {
            bits = slots == 0 ? new long[0] : Arrays.copyOf(bits, (slots + 63) >>> 6);
        }

        @Override
        void zero(int slots, long keepBytes) {
            Arrays.fill(bits, 0, (slots + 63) >>> 6, 0L);
        }

        @Override
        Canonical array(Arena arena) {
            int words = (slots + 63) >>> 6;
            MemorySegment segment = arena.allocate(Math.max(8L * words, 8), 8);
            MemorySegment.copy(bits, 0, segment, LONG_LE, 0, words);
            return new BoolArray((DType.Bool) leaf.dtype(), segment, 0, slots, validity(arena));
        }
    }

    /**
     * Integers (INT32 sign-extended, INT64, decimals over them), FLOAT and DOUBLE as their bits, FLOAT16 as
     * its binary16 pattern, INT96 as nanoseconds since the epoch; {@link #fixed(long[], Arena)} narrows
     * them to the leaf's width.
     */
    private static final class Numbers extends LeafReader {
        private final ParquetSchema.Kind kind;
        /** Whether the physical values are 4 bytes (INT32, FLOAT) rather than 8, for {@link FlatPages}. */
        private final boolean narrow;
        private long[] values = new long[0];
        private long[] dictionary;

        Numbers(ColumnReader reader, Leaf leaf, long total) {
            super(reader, leaf, total);
            this.kind = leaf.kind();
            this.narrow = kind == ParquetSchema.Kind.INT32 || kind == ParquetSchema.Kind.DECIMAL_INT32
                    || kind == ParquetSchema.Kind.FLOAT;
        }

        // FLOAT and DOUBLE values are kept as their bits, INT32 and FLOAT sign-extended, as value() does

        @Override
        public int plain(byte[] buf, int pos, int end, int[] at, int n) {
            long[] v = values;
            if (narrow) {
                need(4L * n, pos, end, n + " 4-byte values");
                for (int i = 0; i < n; i++) {
                    v[at[i]] = (int) VIEW_INT.get(buf, pos + 4 * i);
                }
                return pos + 4 * n;
            }
            need(8L * n, pos, end, n + " 8-byte values");
            for (int i = 0; i < n; i++) {
                v[at[i]] = (long) VIEW_LONG.get(buf, pos + 8 * i);
            }
            return pos + 8 * n;
        }

        @Override
        public void dictionary(byte[] buf, int pos, int end, int size) {
            int width = narrow ? 4 : 8;
            need((long) width * size, pos, end, "a dictionary of " + size + " entries");
            long[] d = new long[size];
            for (int i = 0; i < size; i++) {
                d[i] = narrow ? (int) VIEW_INT.get(buf, pos + 4 * i) : (long) VIEW_LONG.get(buf, pos + 8 * i);
            }
            dictionary = d;
        }

        @Override
        public void longs(long[] decoded, int[] at, int n) {
            long[] v = values;
            for (int i = 0; i < n; i++) {
                v[at[i]] = decoded[i];
            }
        }

        @Override
        public void dict(int[] ids, int[] at, int n) {
            long[] v = values;
            long[] d = dictionary;
            for (int i = 0; i < n; i++) {
                int id = ids[i];
                if (Integer.compareUnsigned(id, d.length) >= 0) {
                    badIndex(id, d.length);
                }
                v[at[i]] = d[id];
            }
        }

        @Override
        void value(int slot) {
            values[slot] = switch (kind) {
                case FLOAT -> Float.floatToRawIntBits(reader.getFloat());
                case FLOAT16 -> {
                    ByteBuffer b = bytesOf(reader.getBinary(), 2);
                    int p = b.position();
                    // Parquet FLOAT16 is the little-endian binary16 pattern
                    yield (b.get(p) & 0xFF) | (b.get(p + 1) & 0xFF) << 8;
                }
                case INT64, DECIMAL_INT64 -> reader.getLong();
                case DOUBLE -> Double.doubleToRawLongBits(reader.getDouble());
                case INT96 -> {
                    ByteBuffer b = bytesOf(reader.getBinary(), 12).order(ByteOrder.LITTLE_ENDIAN);
                    int p = b.position();
                    long nanosOfDay = b.getLong(p);
                    long julianDay = b.getInt(p + 8) & 0xFFFF_FFFFL;
                    // wraps outside ±292 years like the reference readers do
                    yield (julianDay - JULIAN_EPOCH_DAY) * NANOS_PER_DAY + nanosOfDay;
                }
                default -> reader.getInteger();
            };
        }

        @Override
        void grow(int slots) {
            values = slots == 0 ? new long[0] : Arrays.copyOf(values, slots);
        }

        @Override
        void zero(int slots, long keepBytes) {
            Arrays.fill(values, 0, slots, 0L);
        }

        @Override
        Canonical array(Arena arena) {
            return fixed(values, arena);
        }
    }

    /** Values of {@code width} bytes each, at {@code slot * width}. */
    private abstract static class FixedBytes extends LeafReader {
        final int width;
        byte[] out = new byte[0];

        FixedBytes(ColumnReader reader, Leaf leaf, long total, int width) {
            super(reader, leaf, total);
            this.width = width;
        }

        @Override
        final void grow(int slots) {
            // MAX_ENTRIES slots of up to 32 bytes fit one array
            out = slots == 0 ? new byte[0] : Arrays.copyOf(out, slots * width);
        }

        @Override
        final void zero(int slots, long keepBytes) {
            Arrays.fill(out, 0, slots * width, (byte) 0);
        }
    }

    /** Big-endian two's-complement decimals, stored little-endian in {@code width} bytes each. */
    private static final class Decimals extends FixedBytes {
        Decimals(ColumnReader reader, Leaf leaf, long total) {
            super(reader, leaf, total, leaf.width());
        }

        @Override
        void value(int slot) {
            ByteBuffer b = reader.getBinary().toByteBuffer();
            int p = b.position();
            int len = b.remaining();
            int base = slot * width;
            byte sign = len > 0 && b.get(p) < 0 ? (byte) -1 : 0;
            for (int k = 0; k < len - width; k++) {
                if (b.get(p + k) != sign) {
                    throw new VortexException("Parquet decimal column " + leaf.descriptor() + ": a " + len
                            + "-byte value does not fit precision " + ((DType.Decimal) leaf.dtype()).precision());
                }
            }
            int copy = Math.min(len, width);
            for (int k = 0; k < copy; k++) {
                out[base + k] = b.get(p + len - 1 - k);
            }
            if (copy < width) {
                Arrays.fill(out, base + copy, base + width, sign);
            }
        }

        @Override
        Canonical array(Arena arena) {
            return fixed(out, arena);
        }
    }

    /** 16-byte UUIDs as {@code vortex.uuid}: a fixed-size list of 16 bytes per row, zeros for nulls. */
    private static final class Uuids extends FixedBytes {
        Uuids(ColumnReader reader, Leaf leaf, long total) {
            super(reader, leaf, total, 16);
        }

        @Override
        void value(int slot) {
            ByteBuffer b = bytesOf(reader.getBinary(), 16);
            b.get(b.position(), out, slot * 16, 16);
        }

        @Override
        Canonical array(Arena arena) {
            DType.Extension ext = (DType.Extension) leaf.dtype();
            DType.FixedSizeList storage = (DType.FixedSizeList) ext.storage();
            MemorySegment segment = allocate(arena, 16);
            MemorySegment.copy(out, 0, segment, ValueLayout.JAVA_BYTE, 0, slots * 16);
            PrimitiveArray elements = new PrimitiveArray((DType.Primitive) storage.element(), segment, slots * 16,
                    Validity.ALL_VALID);
            return new ExtensionArray(ext, new FixedSizeListArray(storage, elements, slots, validity(arena)));
        }
    }

    /** Byte arrays as views: up to 12 bytes inline, longer ones in data buffers of at most 1 GiB. */
    private static final class Strings extends LeafReader {
        private byte[] views = new byte[0];
        private final List<byte[]> full = new ArrayList<>();
        private long fullBytes;
        private byte[] data = new byte[64];
        private int used;

        Strings(ColumnReader reader, Leaf leaf, long total) {
            super(reader, leaf, total);
            this.fixedLength = leaf.descriptor().getPrimitiveType().getPrimitiveTypeName()
                    == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                    ? leaf.descriptor().getPrimitiveType().getTypeLength() : -1;
        }

        /** FIXED_LEN_BYTE_ARRAY's length, or -1 for BYTE_ARRAY. */
        private final int fixedLength;
        /** The dictionary's values: in {@link #dictBytes} at {@link #dictStarts}, {@link #dictLengths} long. */
        private byte[] dictBytes;
        private int[] dictStarts;
        private int[] dictLengths;
        /** Whether the dictionary's values longer than a view fit in {@link #SHARED_DICT_BYTES}. */
        private boolean sharedDict;
        /** Those values, packed, at {@link #dictLongStarts} (by entry). */
        private byte[] dictLong;
        private int[] dictLongStarts;
        /** Where this batch's copy of {@link #dictLong} starts in buffer {@link #dictBuffer}, or -1 before it has one. */
        private int dictInBatch = -1;
        private int dictBuffer;

        @Override
        public int plain(byte[] buf, int pos, int end, int[] at, int n) {
            if (fixedLength >= 0) {
                need((long) fixedLength * n, pos, end, n + " values of " + fixedLength + " bytes");
                for (int i = 0; i < n; i++) {
                    append(at[i], buf, pos, fixedLength);
                    pos += fixedLength;
                }
                return pos;
            }
            for (int i = 0; i < n; i++) {
                need(4, pos, end, "a value's length");
                int len = (int) VIEW_INT.get(buf, pos);
                pos += 4;
                if (len < 0 || len > end - pos) {
                    throw new VortexException("Parquet column " + leaf.descriptor() + ": a value of " + len
                            + " bytes in a page with " + (end - pos) + " bytes left");
                }
                append(at[i], buf, pos, len);
                pos += len;
            }
            return pos;
        }

        @Override
        public void dictionary(byte[] buf, int pos, int end, int size) {
            need((long) (fixedLength >= 0 ? fixedLength : 4) * size, pos, end, "a dictionary of " + size
                    + " entries");
            int[] starts = new int[size];
            int[] lengths = new int[size];
            for (int i = 0; i < size; i++) {
                int len = fixedLength;
                if (len < 0) {
                    need(4, pos, end, "a value's length");
                    len = (int) VIEW_INT.get(buf, pos);
                    pos += 4;
                    if (len < 0 || len > end - pos) {
                        throw new VortexException("Parquet column " + leaf.descriptor() + ": a dictionary value of "
                                + len + " bytes in a page with " + (end - pos) + " bytes left");
                    }
                }
                starts[i] = pos;
                lengths[i] = len;
                pos += len;
            }
            dictBytes = buf;
            dictStarts = starts;
            dictLengths = lengths;
            dictInBatch = -1;
            long longBytes = 0;
            for (int i = 0; i < size; i++) {
                longBytes += lengths[i] > VarBinViewArray.MAX_INLINE ? lengths[i] : 0;
            }
            sharedDict = longBytes <= SHARED_DICT_BYTES;
            if (sharedDict && longBytes > 0) {
                // the values too long for a view, packed: copied once into each batch that uses them
                byte[] packed = new byte[(int) longBytes];
                int[] packedStarts = new int[size];
                int at = 0;
                for (int i = 0; i < size; i++) {
                    if (lengths[i] > VarBinViewArray.MAX_INLINE) {
                        System.arraycopy(buf, starts[i], packed, at, lengths[i]);
                        packedStarts[i] = at;
                        at += lengths[i];
                    }
                }
                dictLong = packed;
                dictLongStarts = packedStarts;
            } else {
                dictLong = null;
                dictLongStarts = null;
            }
        }

        /**
         * Stores dictionary-coded values. With a small dictionary ({@link #sharedDict}) a value too long
         * for its view points at the one copy of the dictionary's long values in this batch's data, so
         * rows of the same value have the same view (which the writer's statistics and dictionary use
         * to skip comparing them); otherwise each row gets its own copy.
         */
        @Override
        public void dict(int[] ids, int[] at, int n) {
            int size = dictStarts.length;
            for (int i = 0; i < n; i++) {
                int id = ids[i];
                if (Integer.compareUnsigned(id, size) >= 0) {
                    badIndex(id, size);
                }
                int len = dictLengths[id];
                if (!sharedDict || len <= VarBinViewArray.MAX_INLINE) {
                    append(at[i], dictBytes, dictStarts[id], len);
                    continue;
                }
                if (dictInBatch < 0) {
                    room(dictLong.length);
                    System.arraycopy(dictLong, 0, data, used, dictLong.length);
                    dictBuffer = full.size();
                    dictInBatch = used;
                    used += dictLong.length;
                }
                int base = at[i] * 16;
                VIEW_INT.set(views, base, len);
                System.arraycopy(dictBytes, dictStarts[id], views, base + 4, 4);
                VIEW_INT.set(views, base + 8, dictBuffer);
                VIEW_INT.set(views, base + 12, dictInBatch + dictLongStarts[id]);
            }
        }

        @Override
        public void bytes(int slot, byte[] src, int off, int len) {
            append(slot, src, off, len);
        }

        /** Stores a value at a slot: its view, and its bytes in the data buffer when they are not inline. */
        private void append(int slot, byte[] src, int off, int len) {
            int base = slot * 16;
            VIEW_INT.set(views, base, len);
            if (len <= VarBinViewArray.MAX_INLINE) {
                System.arraycopy(src, off, views, base + 4, len);
                return;
            }
            room(len);
            System.arraycopy(src, off, data, used, len);
            System.arraycopy(src, off, views, base + 4, 4);
            VIEW_INT.set(views, base + 8, full.size());
            VIEW_INT.set(views, base + 12, used);
            used += len;
        }

        @Override
        void value(int slot) {
            ByteBuffer b = reader.getBinary().toByteBuffer();
            int p = b.position();
            int len = b.remaining();
            int base = slot * 16;
            VIEW_INT.set(views, base, len);
            if (len <= VarBinViewArray.MAX_INLINE) {
                b.get(p, views, base + 4, len);
                return;
            }
            room(len);
            b.get(p, data, used, len);
            System.arraycopy(data, used, views, base + 4, 4);
            VIEW_INT.set(views, base + 8, full.size());
            VIEW_INT.set(views, base + 12, used);
            used += len;
        }

        /** Makes room for {@code len} more bytes in the data buffer, starting a new one past 1 GiB. */
        private void room(int len) {
            if (len > MAX_DATA_BUFFER - used) {
                if (len > MAX_DATA_BUFFER) {
                    throw new VortexException("Parquet value of " + len + " bytes in " + leaf.descriptor()
                            + " (at most " + MAX_DATA_BUFFER + " are supported)");
                }
                full.add(Arrays.copyOf(data, used));
                fullBytes += used;
                data = new byte[64];
                used = 0;
            }
            if (len > data.length - used) {
                long grown = Math.max((long) data.length * 2, (long) used + len);
                if ((long) used + len <= byteRoom) {
                    grown = Math.min(grown, byteRoom);
                }
                data = Arrays.copyOf(data, (int) Math.min(grown, MAX_DATA_BUFFER));
            }
        }

        @Override
        long bytes() {
            return fullBytes + used;
        }

        @Override
        void grow(int slots) {
            if (slots == 0) {
                views = new byte[0];
                full.clear();
                fullBytes = 0;
                data = new byte[64];
                used = 0;
                dictInBatch = -1;
            } else {
                views = Arrays.copyOf(views, slots * 16);
            }
        }

        @Override
        void zero(int slots, long keepBytes) {
            Arrays.fill(views, 0, slots * 16, (byte) 0);
            full.clear();
            fullBytes = 0;
            used = 0;
            dictInBatch = -1;
            if (data.length > keepBytes) {
                data = new byte[64];
            }
        }

        @Override
        Canonical array(Arena arena) {
            List<MemorySegment> buffers = new ArrayList<>(full.size() + 1);
            for (byte[] buffer : full) {
                // a filled buffer is never written again (the next batch starts new ones): handed over as it is
                buffers.add(MemorySegment.ofArray(buffer));
            }
            buffers.add(copy(data, used, arena));
            MemorySegment viewSegment = arena.allocate(Math.max(16L * slots, 16), 8).asSlice(0, 16L * slots);
            MemorySegment.copy(views, 0, viewSegment, ValueLayout.JAVA_BYTE, 0, 16 * slots);
            return new VarBinViewArray(leaf.dtype(), viewSegment, buffers, slots, validity(arena));
        }

        private static MemorySegment copy(byte[] buffer, int length, Arena arena) {
            MemorySegment segment = arena.allocate(Math.max(length, 1), 8).asSlice(0, length);
            MemorySegment.copy(buffer, 0, segment, ValueLayout.JAVA_BYTE, 0, length);
            return segment;
        }
    }
}
