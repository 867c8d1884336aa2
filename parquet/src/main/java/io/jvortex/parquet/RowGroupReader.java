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
import org.apache.parquet.io.api.Binary;

/**
 * Turns one row group into canonical Vortex arrays: every leaf column is read once through its
 * {@link ColumnReader} into primitive arrays at its rows' positions (nulls leave zeros), keeping its
 * definition and repetition levels only when an enclosing struct, list or map needs them; the
 * enclosing nodes then take their validity and offsets from their first leaf's levels.
 *
 * <p>Buffers handed to the arrays live in the caller's arena.
 */
final class RowGroupReader {
    private static final ValueLayout.OfShort SHORT_LE = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle VIEW_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final DType.Primitive OFFSETS = new DType.Primitive(PType.I32, false);
    /** Julian day number of 1970-01-01, the epoch of INT96 timestamps' day field. */
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;
    /** Level entries per column chunk we accept: views of 16 bytes each must fit one Java array. */
    private static final int MAX_ENTRIES = (Integer.MAX_VALUE - 64) / 32;
    /** Largest string data buffer; a new one starts beyond it (view offsets are 32-bit). */
    private static final int MAX_DATA_BUFFER = 1 << 30;

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
     * Reads a row group.
     *
     * @param root the converted schema
     * @param pages the row group's pages
     * @param store its column readers
     * @param arena where the arrays' buffers go
     * @return the rows as a struct of the schema's dtype
     * @throws VortexException when the levels or values contradict the schema
     */
    static StructArray read(ParquetSchema.Struct root, PageReadStore pages, ColumnReadStore store, Arena arena) {
        long rowCount = pages.getRowCount();
        if (rowCount > MAX_ENTRIES) {
            throw new VortexException("Parquet row group of " + rowCount + " rows (at most " + MAX_ENTRIES
                    + " are supported per row group)");
        }
        List<Leaf> leaves = new ArrayList<>();
        collect(root, leaves);
        LeafData[] data = new LeafData[leaves.size()];
        for (Leaf leaf : leaves) {
            long entries = pages.getPageReader(leaf.descriptor()).getTotalValueCount();
            data[leaf.column()] = readLeaf(store.getColumnReader(leaf.descriptor()), entries, leaf, arena);
        }
        return assemble(root, data, rowCount, arena);
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
     * Reads a row group in batches of top-level rows when no column repeats (every level entry is a
     * row, so each column reader can stop after the same number of entries); a schema with repeated
     * columns is read as one batch. Memory then holds one batch's arrays, not the row group's.
     */
    static final class Batches {
        private final ParquetSchema.Struct root;
        private final List<Leaf> leaves = new ArrayList<>();
        private final ColumnReader[] readers;
        private final PageReadStore pages;
        private final ColumnReadStore store;
        private final boolean flat;
        private long remaining;

        /**
         * @param root the converted schema
         * @param pages the row group's pages
         * @param store its column readers
         */
        Batches(ParquetSchema.Struct root, PageReadStore pages, ColumnReadStore store) {
            this.root = root;
            this.pages = pages;
            this.store = store;
            collect(root, leaves);
            boolean noRepetition = true;
            for (Leaf leaf : leaves) {
                noRepetition &= leaf.descriptor().getMaxRepetitionLevel() == 0;
            }
            this.flat = noRepetition;
            this.readers = new ColumnReader[leaves.size()];
            this.remaining = pages.getRowCount();
        }

        /** @return whether rows remain */
        boolean hasNext() {
            return remaining > 0;
        }

        /**
         * @param maxRows the most rows to read (a schema with repeated columns reads all at once)
         * @param arena where the arrays' buffers go
         * @return the next rows
         * @throws VortexException when the levels or values contradict the schema
         */
        StructArray next(int maxRows, Arena arena) {
            if (!flat) {
                remaining = 0;
                return read(root, pages, store, arena);
            }
            int rows = (int) Math.min(maxRows, remaining);
            LeafData[] data = new LeafData[leaves.size()];
            for (int i = 0; i < leaves.size(); i++) {
                Leaf leaf = leaves.get(i);
                if (readers[i] == null) {
                    long entries = pages.getPageReader(leaf.descriptor()).getTotalValueCount();
                    if (entries != pages.getRowCount()) {
                        throw new VortexException("Parquet column " + leaf.descriptor() + " has " + entries
                                + " values in a row group of " + pages.getRowCount() + " rows");
                    }
                    readers[i] = store.getColumnReader(leaf.descriptor());
                }
                data[leaf.column()] = readLeaf(readers[i], rows, leaf, arena);
            }
            remaining -= rows;
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

    private static LeafData readLeaf(ColumnReader reader, long total, Leaf leaf, Arena arena) {
        if (total > MAX_ENTRIES) {
            throw new VortexException("Parquet column " + leaf.descriptor() + " has " + total
                    + " values in one row group (at most " + MAX_ENTRIES + " are supported)");
        }
        int n = (int) total;
        byte[] defs = leaf.keepLevels() && leaf.presentDef() > 0 ? new byte[n] : null;
        byte[] reps = leaf.keepLevels() && leaf.slotRep() > 0 ? new byte[n] : null;
        LeafReader r = new LeafReader(reader, leaf, defs, reps, n);
        Canonical array = switch (leaf.kind()) {
            case BOOL -> r.bools(arena);
            case INT32, DECIMAL_INT32 -> r.fixed(r.ints(), arena);
            case FLOAT -> r.fixed(r.floats(), arena);
            case FLOAT16 -> r.fixed(r.float16s(), arena);
            case INT64, DECIMAL_INT64 -> r.fixed(r.longs(), arena);
            case DOUBLE -> r.fixed(r.doubles(), arena);
            case INT96 -> r.fixed(r.int96s(), arena);
            case DECIMAL_BYTES -> r.fixed(r.decimalBytes(), arena);
            case BYTES -> r.bytes(arena);
            case NULL -> r.nulls();
            case UUID -> r.uuids(arena);
        };
        return new LeafData(defs, reps, n, array);
    }

    /** Reads one leaf column; the loops place each value at its row ("slot"). */
    private static final class LeafReader {
        private final ColumnReader reader;
        private final Leaf leaf;
        private final byte[] defs;
        private final byte[] reps;
        private final int n;
        private final int maxDef;
        private final int slotDef;
        private final long[] valid;
        private int slots;
        private int present;

        LeafReader(ColumnReader reader, Leaf leaf, byte[] defs, byte[] reps, int n) {
            this.reader = reader;
            this.leaf = leaf;
            this.defs = defs;
            this.reps = reps;
            this.n = n;
            this.maxDef = leaf.presentDef();
            this.slotDef = leaf.slotDef();
            this.valid = new long[(n + 63) >>> 6];
        }

        /**
         * Reads the current entry's levels.
         *
         * @return 1 when a value follows, 0 for a null row, -1 when the entry is no row of this leaf
         */
        private int levels(int i) {
            int d = reader.getCurrentDefinitionLevel();
            if (defs != null) {
                defs[i] = (byte) d;
            }
            if (reps != null) {
                reps[i] = (byte) reader.getCurrentRepetitionLevel();
            }
            if (d == maxDef) {
                valid[slots >>> 6] |= 1L << slots;
                present++;
                return 1;
            }
            if (d >= slotDef) {
                slots++;
                return 0;
            }
            return -1;
        }

        private Validity validity(Arena arena) {
            return RowGroupReader.validity(leaf.dtype().nullable(), valid, slots, present, arena);
        }

        Canonical nulls() {
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    slots++;
                }
                reader.consume();
            }
            if (present != 0) {
                throw new VortexException("Parquet column " + leaf.descriptor() + " of the null type holds "
                        + present + " values");
            }
            return new NullArray(slots);
        }

        Canonical bools(Arena arena) {
            long[] bits = new long[(n + 63) >>> 6];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    if (reader.getBoolean()) {
                        bits[slots >>> 6] |= 1L << slots;
                    }
                    slots++;
                }
                reader.consume();
            }
            int words = (slots + 63) >>> 6;
            MemorySegment segment = arena.allocate(Math.max(8L * words, 8), 8);
            MemorySegment.copy(bits, 0, segment, LONG_LE, 0, words);
            return new BoolArray((DType.Bool) leaf.dtype(), segment, 0, slots, validity(arena));
        }

        int[] ints() {
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    values[slots++] = reader.getInteger();
                }
                reader.consume();
            }
            return values;
        }

        int[] floats() {
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    values[slots++] = Float.floatToRawIntBits(reader.getFloat());
                }
                reader.consume();
            }
            return values;
        }

        int[] float16s() {
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    ByteBuffer b = bytesOf(reader.getBinary(), 2);
                    int p = b.position();
                    // Parquet FLOAT16 is the little-endian binary16 pattern
                    values[slots++] = (b.get(p) & 0xFF) | (b.get(p + 1) & 0xFF) << 8;
                }
                reader.consume();
            }
            return values;
        }

        long[] longs() {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    values[slots++] = reader.getLong();
                }
                reader.consume();
            }
            return values;
        }

        long[] doubles() {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    values[slots++] = Double.doubleToRawLongBits(reader.getDouble());
                }
                reader.consume();
            }
            return values;
        }

        long[] int96s() {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    ByteBuffer b = bytesOf(reader.getBinary(), 12).order(ByteOrder.LITTLE_ENDIAN);
                    int p = b.position();
                    long nanosOfDay = b.getLong(p);
                    long julianDay = b.getInt(p + 8) & 0xFFFF_FFFFL;
                    // wraps outside ±292 years like the reference readers do
                    values[slots++] = (julianDay - JULIAN_EPOCH_DAY) * NANOS_PER_DAY + nanosOfDay;
                }
                reader.consume();
            }
            return values;
        }

        /** 16-byte UUIDs as {@code vortex.uuid}: a fixed-size list of 16 bytes per row, zeros for nulls. */
        Canonical uuids(Arena arena) {
            if ((long) n * 16 > Integer.MAX_VALUE - 64) {
                throw new VortexException("Parquet UUID column " + leaf.descriptor() + " has " + n
                        + " values in one row group (at most " + (Integer.MAX_VALUE / 16) + " are supported)");
            }
            byte[] bytes = new byte[n * 16];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    ByteBuffer b = bytesOf(reader.getBinary(), 16);
                    b.get(b.position(), bytes, slots * 16, 16);
                    slots++;
                }
                reader.consume();
            }
            DType.Extension ext = (DType.Extension) leaf.dtype();
            DType.FixedSizeList storage = (DType.FixedSizeList) ext.storage();
            MemorySegment segment = allocate(arena, 16);
            MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, 0, slots * 16);
            PrimitiveArray elements = new PrimitiveArray((DType.Primitive) storage.element(), segment, slots * 16,
                    Validity.ALL_VALID);
            return new ExtensionArray(ext, new FixedSizeListArray(storage, elements, slots, validity(arena)));
        }

        /** Big-endian two's-complement decimals, stored little-endian in {@code width} bytes each. */
        byte[] decimalBytes() {
            int width = leaf.width();
            if ((long) n * width > Integer.MAX_VALUE - 64) {
                throw new VortexException("Parquet decimal column " + leaf.descriptor() + " has " + n
                        + " values of " + width + " bytes in one row group (at most 2 GiB are supported)");
            }
            byte[] out = new byte[n * width];
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    ByteBuffer b = reader.getBinary().toByteBuffer();
                    int p = b.position();
                    int len = b.remaining();
                    int base = slots * width;
                    byte sign = len > 0 && b.get(p) < 0 ? (byte) -1 : 0;
                    for (int k = 0; k < len - width; k++) {
                        if (b.get(p + k) != sign) {
                            throw new VortexException("Parquet decimal column " + leaf.descriptor() + ": a "
                                    + len + "-byte value does not fit precision " + ((DType.Decimal) leaf.dtype()).precision());
                        }
                    }
                    int copy = Math.min(len, width);
                    for (int k = 0; k < copy; k++) {
                        out[base + k] = b.get(p + len - 1 - k);
                    }
                    if (copy < width) {
                        Arrays.fill(out, base + copy, base + width, sign);
                    }
                    slots++;
                }
                reader.consume();
            }
            return out;
        }

        Canonical bytes(Arena arena) {
            byte[] views = new byte[n * 16];
            List<byte[]> full = new ArrayList<>();
            byte[] data = new byte[Math.max(64, Math.min(n, 1 << 20))];
            int used = 0;
            for (int i = 0; i < n; i++) {
                if (levels(i) == 1) {
                    ByteBuffer b = reader.getBinary().toByteBuffer();
                    int p = b.position();
                    int len = b.remaining();
                    int base = slots * 16;
                    VIEW_INT.set(views, base, len);
                    if (len <= VarBinViewArray.MAX_INLINE) {
                        b.get(p, views, base + 4, len);
                    } else {
                        if (len > MAX_DATA_BUFFER - used) {
                            if (len > MAX_DATA_BUFFER) {
                                throw new VortexException("Parquet value of " + len + " bytes in " + leaf.descriptor()
                                        + " (at most " + MAX_DATA_BUFFER + " are supported)");
                            }
                            full.add(Arrays.copyOf(data, used));
                            data = new byte[Math.max(64, Math.min(n, 1 << 20))];
                            used = 0;
                        }
                        if (len > data.length - used) {
                            long grown = Math.max((long) data.length * 2, (long) used + len);
                            data = Arrays.copyOf(data, (int) Math.min(grown, MAX_DATA_BUFFER));
                        }
                        b.get(p, data, used, len);
                        System.arraycopy(data, used, views, base + 4, 4);
                        VIEW_INT.set(views, base + 8, full.size());
                        VIEW_INT.set(views, base + 12, used);
                        used += len;
                    }
                    slots++;
                }
                reader.consume();
            }
            full.add(used == data.length ? data : Arrays.copyOf(data, used));
            List<MemorySegment> buffers = new ArrayList<>(full.size());
            for (byte[] buffer : full) {
                MemorySegment segment = arena.allocate(Math.max(buffer.length, 1), 8).asSlice(0, buffer.length);
                MemorySegment.copy(buffer, 0, segment, ValueLayout.JAVA_BYTE, 0, buffer.length);
                buffers.add(segment);
            }
            MemorySegment viewSegment = arena.allocate(Math.max(16L * slots, 16), 16).asSlice(0, 16L * slots);
            MemorySegment.copy(views, 0, viewSegment, ValueLayout.JAVA_BYTE, 0, 16 * slots);
            return new VarBinViewArray(leaf.dtype(), viewSegment, buffers, slots, validity(arena));
        }

        private ByteBuffer bytesOf(Binary binary, int length) {
            ByteBuffer b = binary.toByteBuffer();
            if (b.remaining() != length) {
                throw new VortexException("Parquet column " + leaf.descriptor() + ": a value of " + b.remaining()
                        + " bytes where " + length + " are required");
            }
            return b;
        }

        /** The rows of int-read values as the leaf's array. */
        Canonical fixed(int[] values, Arena arena) {
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
                case 4 -> MemorySegment.copy(values, 0, segment, INT_LE, 0, slots);
                default -> {
                    long[] wide = new long[slots];
                    for (int i = 0; i < slots; i++) {
                        wide[i] = values[i];
                    }
                    return fixed(wide, arena);
                }
            }
            return wrap(segment, arena);
        }

        /** The rows of long-read values as the leaf's array (decimals sign-extended beyond 8 bytes). */
        Canonical fixed(long[] values, Arena arena) {
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

        Canonical fixed(byte[] values, Arena arena) {
            int width = leaf.width();
            MemorySegment segment = allocate(arena, width);
            MemorySegment.copy(values, 0, segment, ValueLayout.JAVA_BYTE, 0, slots * width);
            return wrap(segment, arena);
        }

        private MemorySegment allocate(Arena arena, int width) {
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
}
