package io.jvortex.internal.write;

import io.jvortex.spi.WriteNode;
import io.jvortex.api.Edition;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.NodeSize;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * The streaming table writer behind {@code VortexWriter}: the reference's default layout strategy.
 *
 * <p>The root struct is split into columns (nested structs become nested {@code vortex.struct}
 * layouts, a nullable struct's validity is collected and written as one flat first). Each leaf
 * column is cut into zone-sized blocks; each block adds one row to the column's zone map and then
 * either goes to the dictionary layout (when the first block compresses to {@code vortex.dict}) or
 * straight to the chunker, which concatenates blocks until they hold about
 * {@code chunkBytes} and compresses the chunk into one {@code vortex.flat} segment.
 *
 * <p>Compression runs on an executor while the caller keeps writing; segments are appended in the
 * order they were submitted, so the file does not depend on the number of threads. At most a few
 * chunks per thread are in flight, so memory is bounded by the chunks being compressed plus one
 * pending chunk per column.
 */
public final class TableWriter {
    /**
     * The integer dictionary scheme: the data compressor of every chunk excludes it (the dictionary
     * layout already handles dictionaries), as the reference's data compressor does.
     */
    public static final SchemeId INT_DICT_SCHEME =
            SchemeId.INT_DICT;

    private static final String DICT_ARRAY = "vortex.dict";

    private final DType.Struct schema;
    private final WriteOptions options;
    private final Compressor compressor;
    private final SegmentSink sink;
    private final ArrayIds arrayIds;
    private final ExecutorService executor;
    private final ArrayDeque<Pending> inFlight = new ArrayDeque<>();
    private final int maxInFlight;
    private final StructNode root;
    private final Set<SchemeId> dataExclusions = Set.of(INT_DICT_SCHEME);
    private boolean finished;

    /** A segment being produced: its id once written. */
    private static final class Ref {
        private final long rows;
        private int id = -1;

        Ref(long rows) {
            this.rows = rows;
        }

        WriteLayout flat() {
            if (id < 0) {
                throw new IllegalStateException("segment not written yet");
            }
            return new WriteLayout.Flat(rows, id);
        }
    }

    private record Pending(Future<WriteNode> node, Ref ref) {
    }

    /**
     * Writes the magic; nothing else happens until rows arrive.
     *
     * @param out the channel, positioned at the file's start
     * @param schema the table schema
     * @param options edition, strategy, zone and chunk sizes
     * @param compressor compresses chunks (its edition predicate must match {@code options})
     * @param executor runs compression, or {@code null} to compress on the caller's thread
     * @throws IllegalArgumentException when the schema cannot be written in the edition
     */
    public TableWriter(WritableByteChannel out, DType.Struct schema, WriteOptions options, Compressor compressor,
                       ExecutorService executor) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.options = Objects.requireNonNull(options, "options");
        this.compressor = Objects.requireNonNull(compressor, "compressor");
        checkDType("", schema, options.edition());
        this.executor = executor;
        this.maxInFlight = executor == null ? 1 : 2 * options.threads();
        this.sink = new SegmentSink(out, 0);
        this.arrayIds = new ArrayIds(options.edition().arrayIds());
        this.root = new StructNode("", schema, options.zoneMaps());
        sink.writeBlob(FooterWriter.MAGIC);
    }

    /**
     * Checks that a dtype can be written in an edition.
     *
     * @param path the column path, for messages
     * @param dtype the dtype
     * @param edition the edition
     * @throws IllegalArgumentException naming the column otherwise
     */
    public static void checkDType(String path, DType dtype, Edition edition) {
        String where = path.isEmpty() ? "the schema" : "column '" + path + "'";
        switch (dtype) {
            case DType.Struct s -> {
                if (new HashSet<>(s.names()).size() != s.names().size()) {
                    throw new IllegalArgumentException(where + " has duplicate field names: " + s.names());
                }
                for (int i = 0; i < s.fields().size(); i++) {
                    checkDType(path.isEmpty() ? s.names().get(i) : path + "." + s.names().get(i), s.fields().get(i),
                            edition);
                }
            }
            case DType.List l -> checkDType(path + "[]", l.element(), edition);
            case DType.FixedSizeList f -> {
                if (!edition.allowsArray("vortex.fixed_size_list")) {
                    throw new IllegalArgumentException(where + ": fixed-size lists need edition core2025.10.0 or "
                            + "later (writing " + edition.id() + ")");
                }
                checkDType(path + "[]", f.element(), edition);
            }
            case DType.Map m -> {
                if (!edition.allowsArray("vortex.map")) {
                    throw new IllegalArgumentException(where + ": maps need edition core2026.08.2 or later (writing "
                            + edition.id() + ")");
                }
                checkDType(path + ".key", m.key(), edition);
                checkDType(path + ".value", m.value(), edition);
            }
            case DType.Variant v -> throw new IllegalArgumentException(where + ": writing variant columns is not "
                    + "supported");
            case DType.Union u -> throw new IllegalArgumentException(where + ": writing union columns is not "
                    + "supported");
            case DType.Extension e -> {
                if (e.id().equals(Extensions.UUID) && !edition.extensionIds().contains(e.id())) {
                    throw new IllegalArgumentException(where + ": " + e.id() + " needs edition core2026.08.3 or "
                            + "later (writing " + edition.id() + ")");
                }
                checkDType(path, e.storage(), edition);
            }
            default -> { }
        }
    }

    /**
     * Appends rows (copied; the caller may free the batch afterwards).
     *
     * @param batch rows of the schema's dtype
     */
    public void write(StructArray batch) {
        write(batch, false);
    }

    /**
     * Appends rows.
     *
     * @param batch rows of the schema's dtype
     * @param owned whether the writer may keep the batch's memory as it is until {@link #finish}:
     *     the caller neither changes nor frees it (else what the writer keeps is copied)
     */
    public void write(StructArray batch, boolean owned) {
        if (finished) {
            throw new IllegalStateException("writer is finished");
        }
        if (batch.length() == 0) {
            return;
        }
        root.append(batch, owned);
    }

    /**
     * Flushes every column, writes the zone tables and the footer.
     *
     * @return the file length
     */
    public long finish() {
        if (finished) {
            throw new IllegalStateException("writer is finished");
        }
        finished = true;
        root.finishData();
        root.finishZones();
        drain(0);
        WriteLayout layout = root.layout();
        WriteLayout.Serialized serialized = WriteLayout.serialize(layout);
        byte[] dtypeBlob = DTypeWriter.serialize(schema);
        FooterWriter.Blob dtype = new FooterWriter.Blob(sink.writeBlob(dtypeBlob), dtypeBlob.length);
        FooterWriter.Blob layoutBlob = new FooterWriter.Blob(sink.writeBlob(serialized.blob()),
                serialized.blob().length);
        FooterWriter.Blob statistics = null;
        if (!schema.nullable() && !schema.fields().isEmpty()) {
            byte[] stats = fileStatistics();
            statistics = new FooterWriter.Blob(sink.writeBlob(stats), stats.length);
        }
        byte[] footerBytes = FooterWriter.footer(arrayIds.ids(), serialized.layoutIds(), sink.specs());
        FooterWriter.Blob footer = new FooterWriter.Blob(sink.writeBlob(footerBytes), footerBytes.length);
        byte[] postscript = FooterWriter.postscript(dtype, layoutBlob, statistics, footer);
        sink.writeBlob(postscript);
        sink.writeBlob(FooterWriter.trailer(postscript.length));
        return sink.position();
    }

    /**
     * The {@code FileStatistics} blob: one {@code ArrayStats} per top-level field, folded from the
     * zone statistics (a nested struct field gets its null count only). The reference writes them
     * only for non-nullable roots.
     */
    private byte[] fileStatistics() {
        io.jvortex.internal.flatbuffers.FbBuilder fb = new io.jvortex.internal.flatbuffers.FbBuilder();
        int[] tables = new int[root.children.size()];
        for (int i = 0; i < tables.length; i++) {
            io.jvortex.scalar.ArrayStatistics stats = switch (root.children.get(i)) {
                case LeafNode leaf -> leaf.zones.stats.fileStatistics();
                case ListNode list -> list.zones.stats.fileStatistics();
                case StructNode struct -> new io.jvortex.scalar.ArrayStatistics(java.util.Optional.empty(), false,
                        java.util.Optional.empty(), false, java.util.Optional.empty(),
                        java.util.OptionalLong.of(struct.nullCount()), java.util.OptionalLong.empty(),
                        java.util.OptionalLong.empty(), java.util.Optional.empty(), java.util.Optional.empty(),
                        java.util.Optional.empty());
                default -> throw new IllegalStateException("unknown column node");
            };
            tables[i] = ArrayStatsWriter.write(fb, stats);
        }
        int vector = fb.createOffsetVector(tables);
        fb.startTable(1);
        fb.addOffset(0, vector);
        return fb.finish(fb.endTable());
    }

    /** Cancels compression still in flight (after a failure). */
    public void abort() {
        finished = true;
        for (Pending p : inFlight) {
            p.node().cancel(true);
        }
        inFlight.clear();
    }

    // ---- segment scheduling ----

    private Ref submit(long rows, Callable<WriteNode> task) {
        Ref ref = new Ref(rows);
        FutureTask<WriteNode> future = new FutureTask<>(task);
        if (executor == null) {
            future.run();
        } else {
            executor.execute(future);
        }
        inFlight.add(new Pending(future, ref));
        drain(maxInFlight);
        return ref;
    }

    /** Writes finished segments, in submission order, until at most {@code keep} remain in flight. */
    private void drain(int keep) {
        while (inFlight.size() > keep) {
            Pending p = inFlight.peekFirst();
            WriteNode node;
            try {
                node = p.node().get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while compressing", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException("compression failed", e.getCause());
            }
            inFlight.removeFirst();
            checkEdition(node);
            p.ref().id = sink.writeSegment(ArraySerializer.serialize(node, arrayIds));
        }
    }

    private void checkEdition(WriteNode node) {
        if (!options.edition().allowsArray(node.encodingId())) {
            throw new IllegalStateException("the compressor produced " + node.encodingId() + ", which edition "
                    + options.edition().id() + " does not contain");
        }
        for (WriteNode c : node.children()) {
            checkEdition(c);
        }
    }

    private Canonical forEdition(Canonical chunk) {
        return options.edition().allowsArray("vortex.listview") ? chunk : ColumnArrays.withoutListViews(chunk);
    }

    private Callable<WriteNode> dataTask(Canonical chunk) {
        return () -> compressor.compress(forEdition(chunk), dataExclusions);
    }

    private Callable<WriteNode> fullTask(Canonical array) {
        return () -> compressor.compress(forEdition(array));
    }

    // ---- the column tree ----

    /**
     * The writer of one column: a struct splits into its fields, a list (where the edition has the
     * {@code vortex.list} layout) into elements, offsets and validity, anything else is a leaf.
     */
    private Node node(String name, DType dtype, boolean zoneMaps) {
        if (dtype instanceof DType.Struct s) {
            return new StructNode(name, s, zoneMaps);
        }
        if (dtype instanceof DType.List l && options.edition().allowsLayout(WriteLayout.LIST)) {
            return new ListNode(name, l, zoneMaps);
        }
        return new LeafNode(name, dtype, zoneMaps);
    }

    private abstract static sealed class Node permits StructNode, LeafNode, ListNode {
        /**
         * @param array rows of the node's dtype
         * @param owned whether the writer may keep {@code array}'s memory as it is (else it copies
         *     what it keeps past the call)
         */
        abstract void append(Canonical array, boolean owned);

        abstract void finishData();

        abstract void finishZones();

        abstract WriteLayout layout();
    }

    private final class StructNode extends Node {
        private final DType.Struct dtype;
        private final List<Node> children = new ArrayList<>();
        private MemorySegment validityBits;
        private long rows;
        private long nulls;
        private Ref validity;

        /**
         * @param zoneMaps whether the fields may get zone maps: not below a nullable struct, whose
         *     fields hold arbitrary values at its null rows (the reference writes them without zones)
         */
        StructNode(String path, DType.Struct dtype, boolean zoneMaps) {
            this.dtype = dtype;
            boolean zoned = zoneMaps && !dtype.nullable();
            for (int i = 0; i < dtype.fields().size(); i++) {
                String name = path.isEmpty() ? dtype.names().get(i) : path + "." + dtype.names().get(i);
                DType f = dtype.fields().get(i);
                children.add(node(name, f, zoned));
            }
            if (dtype.nullable()) {
                validityBits = ColumnArrays.ALLOC.allocate(1024);
            }
        }

        @Override
        void append(Canonical array, boolean owned) {
            StructArray s = (StructArray) array;
            int len = s.length();
            if (dtype.nullable()) {
                validityBits = withRoomFor(validityBits, rows + len);
                Validity v = s.validity();
                for (int i = 0; i < len; i++) {
                    if (v.isValid(i)) {
                        Validity.Bits.set(validityBits, rows + i, true);
                    } else {
                        nulls++;
                    }
                }
            }
            for (int i = 0; i < children.size(); i++) {
                children.get(i).append(s.fields().get(i), owned);
            }
            rows += len;
        }

        @Override
        void finishData() {
            for (Node c : children) {
                c.finishData();
            }
            if (dtype.nullable() && rows > 0) {
                if (rows > io.jvortex.array.Canonicals.MAX_ROWS) {
                    throw new IllegalArgumentException("nullable struct of " + rows + " rows: the validity column "
                            + "is written as one array, at most " + io.jvortex.array.Canonicals.MAX_ROWS + " rows");
                }
                BoolArray bits = new BoolArray(new DType.Bool(false), validityBits, 0, (int) rows, Validity.ALL_VALID);
                validity = submit(rows, fullTask(bits));
                validityBits = null;
            }
        }

        /** @return rows where the struct is null (counted before the validity is handed to compression) */
        long nullCount() {
            return nulls;
        }

        @Override
        void finishZones() {
            for (Node c : children) {
                c.finishZones();
            }
        }

        @Override
        WriteLayout layout() {
            List<WriteLayout> layouts = new ArrayList<>();
            if (dtype.nullable()) {
                layouts.add(validity == null ? new WriteLayout.Chunked(0, List.of()) : validity.flat());
            }
            for (Node c : children) {
                layouts.add(c.layout());
            }
            return new WriteLayout.Struct(rows, layouts);
        }
    }

    /**
     * A list column as the {@code vortex.list} layout: the elements go to their own column writer
     * (compressed, zoned, dictionary-encoded like any column; nested lists and structs recurse), the
     * offsets, rebased to absolute u64 positions in the elements, to a leaf writer, and the validity
     * of a nullable list is collected and written as one flat, as the reference's list strategy does.
     * The list's own zones (in list rows) hold only null counts.
     */
    private final class ListNode extends Node {
        private final DType.List dtype;
        private final boolean zoneMaps;
        private final Node elements;
        private final LeafNode offsets;
        private final ZoneOutput zones;
        private MemorySegment validityBits;
        private long rows;
        private long elementCount;
        private int zoneFill;
        private long zoneNulls;
        private Ref validity;

        ListNode(String name, DType.List dtype, boolean zoneMaps) {
            this.dtype = dtype;
            this.zoneMaps = zoneMaps;
            this.elements = node(name + "[]", dtype.element(), zoneMaps);
            this.offsets = new LeafNode(name + "/offsets", new DType.Primitive(io.jvortex.dtype.PType.U64, false),
                    zoneMaps);
            this.zones = new ZoneOutput(dtype);
            if (dtype.nullable()) {
                validityBits = ColumnArrays.ALLOC.allocate(1024);
            }
        }

        @Override
        void append(Canonical array, boolean owned) {
            ListArray list = array instanceof ListViewArray v ? ColumnArrays.toList(v) : (ListArray) array;
            int len = list.length();
            PrimitiveArray offs = list.offsets();
            long first = offs.getLong(0);
            long last = offs.getLong(len);
            if (last > first) {
                elements.append(list.elements().slice((int) first, (int) (last - first)), owned);
            }
            // The column's offsets are one sequence: the first batch brings the leading offset, every
            // batch then its ends, moved past the elements written before it.
            int from = rows == 0 ? 0 : 1;
            MemorySegment out = ColumnArrays.ALLOC.allocate(8L * (len + 1 - from));
            long shift = elementCount - first;
            for (int i = from; i <= len; i++) {
                out.setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, i - from, offs.getLong(i) + shift);
            }
            offsets.append(new PrimitiveArray(new DType.Primitive(io.jvortex.dtype.PType.U64, false), out,
                    len + 1 - from, Validity.ALL_VALID), true);
            elementCount += last - first;
            Validity v = list.validity();
            if (dtype.nullable()) {
                validityBits = withRoomFor(validityBits, rows + len);
            }
            int zone = options.zoneRows();
            for (int i = 0; i < len; i++) {
                if (v.isValid(i)) {
                    if (validityBits != null) {
                        Validity.Bits.set(validityBits, rows + i, true);
                    }
                } else {
                    zoneNulls++;
                }
                if (++zoneFill == zone) {
                    zones.stats.addCounts(zoneFill, zoneNulls);
                    zoneFill = 0;
                    zoneNulls = 0;
                }
            }
            rows += len;
        }

        @Override
        void finishData() {
            if (zoneFill > 0) {
                zones.stats.addCounts(zoneFill, zoneNulls);
                zoneFill = 0;
            }
            elements.finishData();
            offsets.finishData();
            if (dtype.nullable() && rows > 0) {
                if (rows > io.jvortex.array.Canonicals.MAX_ROWS) {
                    throw new IllegalArgumentException("nullable list of " + rows + " rows: the validity column "
                            + "is written as one array, at most " + io.jvortex.array.Canonicals.MAX_ROWS + " rows");
                }
                BoolArray bits = new BoolArray(new DType.Bool(false), validityBits, 0, (int) rows, Validity.ALL_VALID);
                validity = submit(rows, fullTask(bits));
                validityBits = null;
            }
        }

        @Override
        void finishZones() {
            elements.finishZones();
            offsets.finishZones();
            zones.finish(zoneMaps && rows > 0);
        }

        @Override
        WriteLayout layout() {
            if (rows == 0) {
                return new WriteLayout.Chunked(0, List.of());
            }
            byte[] metadata = new ProtoWriter().varint(1, io.jvortex.dtype.PType.U64.id()).toByteArray();
            WriteLayout list = new WriteLayout.ListLayout(rows, metadata, elements.layout(), offsets.layout(),
                    validity == null ? null : validity.flat());
            return zones.wrap(list, rows);
        }
    }

    /**
     * A column's zone statistics and, once finished, its zone table written as a flat segment: the one
     * piece of zone-map bookkeeping shared by leaf and list columns.
     */
    private final class ZoneOutput {
        final ZoneStats stats;
        private ZoneStats.Table table;
        private Ref ref;

        ZoneOutput(DType dtype) {
            this.stats = new ZoneStats(dtype, options.edition().zonedLayout(), options.zoneRows());
        }

        /** @param write whether the zone table is written (zone maps on, rows present) */
        void finish(boolean write) {
            if (write) {
                table = stats.finish();
                if (table != null) {
                    ref = submit(table.table().length(), fullTask(table.table()));
                }
            }
        }

        /** @return {@code data} under the zone layout when a table was written, else {@code data} */
        WriteLayout wrap(WriteLayout data, long rows) {
            return ref == null ? data : new WriteLayout.Zoned(table.layoutId(), rows, table.metadata(), data, ref.flat());
        }
    }

    /** Concatenates zone-sized blocks into chunks of about {@code chunkBytes} and compresses each. */
    private final class ChunkStream {
        private final DType dtype;
        private final boolean data;
        private final List<Canonical> blocks = new ArrayList<>();
        private final List<Ref> flats = new ArrayList<>();
        private long bytes;
        private long rows;
        private long total;

        ChunkStream(DType dtype, boolean data) {
            this.dtype = dtype;
            this.data = data;
        }

        void add(Canonical block) {
            blocks.add(block);
            bytes += ColumnArrays.nbytes(block);
            rows += block.length();
            if (bytes >= options.chunkBytes()) {
                cut();
            }
        }

        void flush() {
            if (rows > 0) {
                cut();
            }
        }

        private void cut() {
            Canonical chunk = ColumnArrays.compact(ColumnArrays.concat(dtype, List.copyOf(blocks)));
            flats.add(submit(rows, data ? dataTask(chunk) : fullTask(chunk)));
            total += rows;
            blocks.clear();
            bytes = 0;
            rows = 0;
        }

        WriteLayout layout() {
            if (flats.size() == 1) {
                return flats.getFirst().flat();
            }
            List<WriteLayout> children = new ArrayList<>(flats.size());
            for (Ref r : flats) {
                children.add(r.flat());
            }
            return new WriteLayout.Chunked(total, children);
        }
    }

    private final class DictRun {
        private final ChunkStream codes;
        private Ref values;
        private long rows;

        DictRun(DType codesType) {
            this.codes = new ChunkStream(codesType, true);
        }
    }

    private final class LeafNode extends Node {
        private final String name;
        private final DType dtype;
        private final ZoneOutput zones;
        private final List<Canonical> pending = new ArrayList<>();
        private int pendingRows;
        private int pendingOffset;
        private long rows;
        private Boolean dict;
        private ChunkStream data;
        private DictEncoder encoder;
        private final List<DictRun> runs = new ArrayList<>();
        private DictRun run;
        private final boolean zoneMaps;

        LeafNode(String name, DType dtype, boolean zoneMaps) {
            this.name = name;
            this.dtype = dtype;
            this.zoneMaps = zoneMaps;
            // statistics are kept without zone maps too: the file statistics fold them
            this.zones = new ZoneOutput(dtype);
        }

        @Override
        void append(Canonical array, boolean owned) {
            // Flat arrays handed over are kept as they are. Lists and maps are copied all the same: the
            // copy also brings them to the offsets form the chunk sizes are measured in.
            pending.add(owned && ColumnArrays.flat(array) ? array : ColumnArrays.copy(array));
            pendingRows += array.length();
            int zone = options.zoneRows();
            while (pendingRows >= zone) {
                block(take(zone));
            }
        }

        /** Removes the first {@code n} pending rows as one array. */
        private Canonical take(int n) {
            List<Canonical> parts = new ArrayList<>();
            int need = n;
            while (need > 0) {
                Canonical head = pending.getFirst();
                int avail = head.length() - pendingOffset;
                int k = Math.min(avail, need);
                parts.add(k == head.length() ? head : head.slice(pendingOffset, k));
                need -= k;
                pendingOffset += k;
                if (pendingOffset == head.length()) {
                    pending.removeFirst();
                    pendingOffset = 0;
                }
            }
            pendingRows -= n;
            return ColumnArrays.concat(dtype, parts);
        }

        private void block(Canonical block) {
            rows += block.length();
            zones.stats.add(block);
            if (dict == null) {
                dict = probeDict(block);
                if (dict) {
                    encoder = new DictEncoder(dtype);
                } else {
                    data = new ChunkStream(dtype, true);
                }
            }
            if (dict) {
                encode(block);
            } else {
                data.add(block);
            }
        }

        private boolean probeDict(Canonical block) {
            boolean strings = dtype instanceof DType.Utf8 || dtype instanceof DType.Binary;
            if (!(strings || dtype instanceof DType.Primitive) || !options.edition().allowsLayout(WriteLayout.DICT)) {
                return false;
            }
            Canonical first = forEdition(block);
            if (!strings) {
                return compressor.compress(first).encodingId().equals(DICT_ARRAY);
            }
            // The dictionary goes first: when its judgement skips the block (more than half the values
            // distinct), the compressor's own choice, which judges the block the same way, cannot be a
            // dictionary either, and the block is not compressed a second time to learn that (FSST or
            // OnPair training on a whole block, per string column and file).
            WriteNode dict = compressor.compressWith(first, dtype instanceof DType.Utf8
                    ? io.jvortex.internal.encodings.dict.DictScheme.STRING : io.jvortex.internal.encodings.dict.DictScheme.BINARY);
            if (dict == null) {
                return false;
            }
            // The scheme choice rests on a ~1 % sample, where a string dictionary sees few repeats
            // and FSST/OnPair look better than they are; a dictionary that beats the choice on the
            // whole block only gets better in the layout, whose values are shared by many blocks.
            WriteNode chosen = compressor.compress(first);
            return chosen.encodingId().equals(DICT_ARRAY) || NodeSize.bytes(dict) < NodeSize.bytes(chosen);
        }

        private void encode(Canonical block) {
            int len = block.length();
            int from = 0;
            while (from < len) {
                if (run == null) {
                    run = new DictRun(new DType.Primitive(encoder.codesType(), false));
                }
                int width = encoder.codesType().byteWidth();
                MemorySegment codes = ColumnArrays.ALLOC.allocate((long) (len - from) * width);
                int n = encoder.encode(block, from, codes);
                if (n > 0) {
                    run.codes.add(new PrimitiveArray(new DType.Primitive(encoder.codesType(), false),
                            n == len - from ? codes : codes.asSlice(0, (long) n * width), n, Validity.ALL_VALID));
                    run.rows += n;
                }
                from += n;
                if (from < len) {
                    closeRun();
                }
            }
        }

        private void closeRun() {
            run.codes.flush();
            Canonical values = encoder.values();
            run.values = submit(values.length(), fullTask(values));
            runs.add(run);
            run = null;
            encoder.reset();
        }

        @Override
        void finishData() {
            if (pendingRows > 0) {
                block(take(pendingRows));
            }
            if (Boolean.TRUE.equals(dict)) {
                if (run != null) {
                    closeRun();
                }
            } else if (data != null) {
                data.flush();
            }
        }

        @Override
        void finishZones() {
            zones.finish(zoneMaps && rows > 0);
        }

        @Override
        WriteLayout layout() {
            if (rows == 0) {
                return new WriteLayout.Chunked(0, List.of());
            }
            WriteLayout dataLayout;
            if (Boolean.TRUE.equals(dict)) {
                List<WriteLayout> dicts = new ArrayList<>();
                for (DictRun r : runs) {
                    byte[] metadata = new ProtoWriter().varint(1, encoder.codesType().id()).varintAlways(2, 0)
                            .varintAlways(3, 0).toByteArray();
                    dicts.add(new WriteLayout.Dict(r.rows, metadata, r.values.flat(), r.codes.layout()));
                }
                dataLayout = dicts.size() == 1 ? dicts.getFirst() : new WriteLayout.Chunked(rows, dicts);
            } else {
                dataLayout = data.layout();
            }
            return zones.wrap(dataLayout, rows);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * @param bits a validity bitmap being filled
     * @param rows the rows it must hold
     * @return {@code bits}, or a copy at least twice as large when it is too small
     */
    private static MemorySegment withRoomFor(MemorySegment bits, long rows) {
        long need = (rows + 7) >>> 3;
        if (need <= bits.byteSize()) {
            return bits;
        }
        MemorySegment bigger = ColumnArrays.ALLOC.allocate(Math.max(need, 2 * bits.byteSize()));
        MemorySegment.copy(bits, 0, bigger, 0, bits.byteSize());
        return bigger;
    }
}
