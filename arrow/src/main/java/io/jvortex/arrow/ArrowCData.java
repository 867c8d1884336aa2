package io.jvortex.arrow;

import io.jvortex.api.Chunk;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Arrow C Data Interface over FFM: {@code struct ArrowSchema} and {@code struct ArrowArray} filled from
 * jvortex batches, and read back into jvortex arrays, for exchanging record batches with any Arrow
 * implementation in the same process (Arrow Java's {@code arrow-c-data}, PyArrow, DuckDB, Arrow C++, ...).
 *
 * <p>Export ({@link #exportBatch}, {@link #exportChunk}) is zero-copy where the layouts already agree:
 * primitive values, string views and their data buffers, fixed-size list elements and validity bitmaps that
 * start on a byte are handed out as they are; the rest (lists re-based to 32-bit offsets, narrowed decimals,
 * bit-shifted bitmaps) is converted into memory the export owns. Everything stays alive until the consumer
 * calls the release callback (an FFM upcall), which may come from any thread; a moved child is honoured.
 *
 * <p>Import ({@link #importBatch}) moves the caller's {@code ArrowArray} into the returned
 * {@link ImportedBatch}, whose arrays point into the producer's buffers until {@link ImportedBatch#close}
 * calls the producer's release callback. The arrays are what a {@link io.jvortex.api.VortexWriter} accepts.
 */
// The C Data Interface is foreign memory by definition: reading a producer's structs and buffers needs
// MemorySegment.reinterpret, release callbacks need upcalls and downcalls.
@SuppressWarnings("restricted")
public final class ArrowCData {
    /** {@code sizeof(struct ArrowSchema)}. */
    public static final long SCHEMA_SIZE = 72;
    /** {@code sizeof(struct ArrowArray)}. */
    public static final long ARRAY_SIZE = 80;

    static final long FLAG_DICTIONARY_ORDERED = 1;
    static final long FLAG_NULLABLE = 2;
    static final long FLAG_MAP_KEYS_SORTED = 4;

    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED;
    private static final java.lang.foreign.AddressLayout PTR = ValueLayout.ADDRESS;
    private static final int MAX_DEPTH = 64;

    /** Live exports, by the id in their structs' {@code private_data}. */
    private static final Map<Long, Export> LIVE = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong(1);
    private static final MemorySegment RELEASE_SCHEMA;
    private static final MemorySegment RELEASE_ARRAY;
    private static final MethodHandle CALL_RELEASE;

    static {
        try {
            Linker linker = Linker.nativeLinker();
            FunctionDescriptor release = FunctionDescriptor.ofVoid(ValueLayout.ADDRESS);
            MethodType type = MethodType.methodType(void.class, MemorySegment.class);
            RELEASE_SCHEMA = linker.upcallStub(MethodHandles.lookup().findStatic(ArrowCData.class,
                    "releaseSchema", type), release, Arena.global());
            RELEASE_ARRAY = linker.upcallStub(MethodHandles.lookup().findStatic(ArrowCData.class,
                    "releaseArray", type), release, Arena.global());
            CALL_RELEASE = linker.downcallHandle(release);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ArrowCData() {
    }

    /**
     * @param address the address of a {@code struct ArrowSchema} or {@code struct ArrowArray}
     * @param size {@link #SCHEMA_SIZE} or {@link #ARRAY_SIZE}
     * @return a segment over it
     */
    public static MemorySegment struct(long address, long size) {
        if (address == 0) {
            throw new IllegalArgumentException("null struct address");
        }
        return MemorySegment.ofAddress(address).reinterpret(size);
    }

    // ------------------------------------------------------------------------------------------------
    // Export

    /**
     * Fills a caller-allocated {@code struct ArrowSchema} with a table type: a {@code +s} struct whose children
     * are the columns, with the Arrow types the Rust reader gives ({@link ArrowSchemas#fromDType}).
     *
     * @param dtype the table type
     * @param schemaOut {@link #SCHEMA_SIZE} bytes of the caller's struct
     * @throws VortexException when a column type has no Arrow form (variant)
     */
    public static void exportSchema(DType.Struct dtype, MemorySegment schemaOut) {
        ArrowSchema schema = ArrowSchemas.fromDType(dtype);
        Export e = new Export();
        try {
            writeSchema(e, ArrowField.of("", false, new ArrowType.Struct(),
                    schema.fields().toArray(ArrowField[]::new)), schemaOut.reinterpret(SCHEMA_SIZE), true);
            e.publish();
        } catch (RuntimeException ex) {
            e.free();
            throw ex;
        }
    }

    /**
     * Exports a batch as a {@code +s} struct array (an Arrow record batch) and its schema. The batch's memory
     * must stay valid until the consumer releases the array.
     *
     * @param batch the rows
     * @param schemaOut {@link #SCHEMA_SIZE} bytes of the caller's {@code struct ArrowSchema}
     * @param arrayOut {@link #ARRAY_SIZE} bytes of the caller's {@code struct ArrowArray}
     * @throws VortexException when a column has no Arrow form (variant, unknown encodings)
     */
    public static void exportBatch(StructArray batch, MemorySegment schemaOut, MemorySegment arrayOut) {
        exportBatch(batch, schemaOut, arrayOut, null);
    }

    /**
     * Exports a scan chunk like {@link #exportBatch}; the chunk passes to the consumer: it is closed when the
     * consumer releases the array (or here, when the export fails).
     *
     * @param chunk the rows of a table
     * @param schemaOut {@link #SCHEMA_SIZE} bytes of the caller's {@code struct ArrowSchema}
     * @param arrayOut {@link #ARRAY_SIZE} bytes of the caller's {@code struct ArrowArray}
     * @throws VortexException when a column has no Arrow form
     */
    public static void exportChunk(Chunk chunk, MemorySegment schemaOut, MemorySegment arrayOut) {
        Canonical array;
        try {
            array = chunk.rawArray();
            if (!(array instanceof StructArray s)) {
                throw new VortexException("a chunk of " + array.dtype().display() + " is not a table");
            }
            exportBatch(s, schemaOut, arrayOut, chunk);
        } catch (RuntimeException e) {
            chunk.close();
            throw e;
        }
    }

    private static void exportBatch(StructArray batch, MemorySegment schemaOut, MemorySegment arrayOut,
                                    AutoCloseable owner) {
        exportSchema(batch.dtype(), schemaOut);
        ArrowSchema schema = ArrowSchemas.fromDType(batch.dtype());
        IpcEncoder enc = new IpcEncoder();
        for (int i = 0; i < schema.fields().size(); i++) {
            enc.column(schema.fields().get(i), batch.fields().get(i));
        }
        Export e = new Export();
        e.owner = owner;
        e.keep.add(batch);
        try {
            MemorySegment root = arrayOut.reinterpret(ARRAY_SIZE);
            e.structs.add(root);
            fillArray(e, root, batch.length(), 0, List.of(MemorySegment.NULL));
            root.set(PTR, 72, MemorySegment.ofAddress(e.id << 1 | 1));
            int[] cursor = new int[3];
            MemorySegment children = e.arena.allocate(PTR, Math.max(1, schema.fields().size()));
            for (int i = 0; i < schema.fields().size(); i++) {
                MemorySegment child = e.arena.allocate(ARRAY_SIZE, 8);
                writeArray(e, schema.fields().get(i), enc, cursor, child);
                children.setAtIndex(PTR, i, child);
            }
            root.set(I64, 32, schema.fields().size());
            root.set(PTR, 48, children);
            e.publish();
        } catch (RuntimeException ex) {
            release(schemaOut.reinterpret(SCHEMA_SIZE), true);
            e.free();
            throw ex;
        }
    }

    /** One export: the struct tree, the memory it owns and what it keeps alive, until every struct is released. */
    private static final class Export {
        final long id = IDS.getAndIncrement();
        final Arena arena = Arena.ofShared();
        final List<MemorySegment> structs = new ArrayList<>();
        final List<Object> keep = new ArrayList<>();
        AutoCloseable owner;
        int live;

        void publish() {
            live = structs.size();
            LIVE.put(id, this);
        }

        /**
         * One struct of the tree was released. The root (wherever the consumer moved it) releases the
         * children the consumer has not moved away; the memory goes when every struct is released.
         */
        synchronized void released(boolean isRoot, boolean isSchema) {
            if (isRoot) {
                for (MemorySegment s : structs.subList(1, structs.size())) {
                    if (!s.get(PTR, isSchema ? 56 : 64).equals(MemorySegment.NULL)) {
                        s.set(PTR, isSchema ? 56 : 64, MemorySegment.NULL);
                        live--;
                    }
                }
            }
            if (--live <= 0) {
                LIVE.remove(id);
                free();
            }
        }

        void free() {
            try {
                if (owner != null) {
                    owner.close();
                }
            } catch (Exception ignored) {
                // a failing close of the chunk must not reach the consumer's release call
            } finally {
                keep.clear();
                arena.close();
            }
        }
    }

    @SuppressWarnings("unused") // called from native code
    private static void releaseSchema(MemorySegment struct) {
        release(struct.reinterpret(SCHEMA_SIZE), true);
    }

    @SuppressWarnings("unused") // called from native code
    private static void releaseArray(MemorySegment struct) {
        release(struct.reinterpret(ARRAY_SIZE), false);
    }

    private static void release(MemorySegment s, boolean isSchema) {
        try {
            long data = s.get(PTR, isSchema ? 64 : 72).address();
            s.set(PTR, isSchema ? 56 : 64, MemorySegment.NULL);
            Export e = LIVE.get(data >>> 1);
            if (e != null) {
                e.released((data & 1) != 0, isSchema);
            }
        } catch (Throwable t) {
            // an exception must never unwind into the consumer's native frame
        }
    }

    private static void writeSchema(Export e, ArrowField f, MemorySegment s, boolean root) {
        e.structs.add(s);
        s.fill((byte) 0);
        s.set(PTR, 0, e.arena.allocateFrom(CDataFormat.format(f.type())));
        s.set(PTR, 8, e.arena.allocateFrom(f.name()));
        s.set(PTR, 16, metadata(e.arena, f.metadata()));
        long flags = f.nullable() ? FLAG_NULLABLE : 0;
        if (f.type() instanceof ArrowType.Map m && m.keysSorted()) {
            flags |= FLAG_MAP_KEYS_SORTED;
        }
        s.set(I64, 24, flags);
        s.set(I64, 32, f.children().size());
        MemorySegment children = e.arena.allocate(PTR, Math.max(1, f.children().size()));
        for (int i = 0; i < f.children().size(); i++) {
            MemorySegment c = e.arena.allocate(SCHEMA_SIZE, 8);
            writeSchema(e, f.children().get(i), c, false);
            children.setAtIndex(PTR, i, c);
        }
        s.set(PTR, 40, f.children().isEmpty() ? MemorySegment.NULL : children);
        s.set(PTR, 56, RELEASE_SCHEMA);
        s.set(PTR, 64, MemorySegment.ofAddress(e.id << 1 | (root ? 1 : 0)));
    }

    private static MemorySegment metadata(Arena arena, Map<String, String> metadata) {
        if (metadata.isEmpty()) {
            return MemorySegment.NULL;
        }
        List<byte[]> parts = new ArrayList<>();
        long size = 4;
        for (Map.Entry<String, String> kv : metadata.entrySet()) {
            byte[] k = kv.getKey().getBytes(StandardCharsets.UTF_8);
            byte[] v = kv.getValue().getBytes(StandardCharsets.UTF_8);
            parts.add(k);
            parts.add(v);
            size += 8 + k.length + v.length;
        }
        MemorySegment m = arena.allocate(size, 4);
        m.set(I32, 0, metadata.size());
        long at = 4;
        for (byte[] p : parts) {
            m.set(I32, at, p.length);
            MemorySegment.copy(p, 0, m, ValueLayout.JAVA_BYTE, at + 4, p.length);
            at += 4 + p.length;
        }
        return m;
    }

    /** Fills one {@code ArrowArray} with its length, null count and buffers (children set by the caller). */
    private static void fillArray(Export e, MemorySegment a, long length, long nulls, List<MemorySegment> buffers) {
        a.fill((byte) 0);
        a.set(I64, 0, length);
        a.set(I64, 8, nulls);
        a.set(I64, 16, 0);
        a.set(I64, 24, buffers.size());
        MemorySegment ptrs = e.arena.allocate(PTR, Math.max(1, buffers.size()));
        for (int i = 0; i < buffers.size(); i++) {
            ptrs.setAtIndex(PTR, i, native_(e, buffers.get(i)));
        }
        a.set(PTR, 40, ptrs);
        a.set(PTR, 64, RELEASE_ARRAY);
        a.set(PTR, 72, MemorySegment.ofAddress(e.id << 1));
    }

    /** @return the segment itself when it is native memory (zero-copy), else a native copy */
    private static MemorySegment native_(Export e, MemorySegment b) {
        if (b.byteSize() == 0) {
            return MemorySegment.NULL;
        }
        if (b.isNative()) {
            e.keep.add(b);
            return b;
        }
        MemorySegment copy = e.arena.allocate(b.byteSize(), 8);
        MemorySegment.copy(b, 0, copy, 0, b.byteSize());
        return copy;
    }

    /** Writes the array of field {@code f} from the encoder's nodes and buffers, at {@code cursor}. */
    private static void writeArray(Export e, ArrowField f, IpcEncoder enc, int[] cursor, MemorySegment a) {
        e.structs.add(a);
        long[] node = enc.nodes.get(cursor[0]++);
        int count = switch (f.type()) {
            case ArrowType.Null x -> 0;
            case ArrowType.FixedSizeList x -> 1;
            case ArrowType.Struct x -> 1;
            case ArrowType.Union x -> 1;
            case ArrowType.Utf8View x -> 2 + enc.variadicCounts.get(cursor[2]++).intValue();
            case ArrowType.BinaryView x -> 2 + enc.variadicCounts.get(cursor[2]++).intValue();
            default -> 2;
        };
        List<MemorySegment> buffers = new ArrayList<>(enc.buffers.subList(cursor[1], cursor[1] + count));
        cursor[1] += count;
        if (f.type() instanceof ArrowType.Utf8View || f.type() instanceof ArrowType.BinaryView) {
            // C views end with the sizes of their data buffers
            MemorySegment sizes = e.arena.allocate(8L * Math.max(1, count - 2), 8).asSlice(0, 8L * (count - 2));
            for (int i = 2; i < count; i++) {
                sizes.setAtIndex(I64, i - 2, buffers.get(i).byteSize());
            }
            buffers.add(sizes.byteSize() == 0 ? e.arena.allocate(8, 8) : sizes);
        }
        fillArray(e, a, node[0], node[1], buffers);
        List<ArrowField> children = f.children();
        MemorySegment ptrs = e.arena.allocate(PTR, Math.max(1, children.size()));
        for (int i = 0; i < children.size(); i++) {
            MemorySegment c = e.arena.allocate(ARRAY_SIZE, 8);
            writeArray(e, children.get(i), enc, cursor, c);
            ptrs.setAtIndex(PTR, i, c);
        }
        a.set(I64, 32, children.size());
        a.set(PTR, 48, children.isEmpty() ? MemorySegment.NULL : ptrs);
    }

    // ------------------------------------------------------------------------------------------------
    // Import

    /**
     * Reads a {@code struct ArrowSchema} and releases it.
     *
     * @param schema {@link #SCHEMA_SIZE} bytes of a producer's struct
     * @return the fields of a {@code +s} struct schema (a record batch's), or the one field of another
     * @throws VortexException when the struct is released already or malformed
     */
    public static ArrowSchema importSchema(MemorySegment schema) {
        MemorySegment s = schema.reinterpret(SCHEMA_SIZE);
        if (s.get(PTR, 56).equals(MemorySegment.NULL)) {
            throw new VortexException("Arrow C schema: released already");
        }
        try {
            ArrowField root = readSchema(s, new long[] {0}, 0, "schema");
            if (root.type() instanceof ArrowType.Struct && root.dictionary() == null) {
                return new ArrowSchema(root.children(), root.metadata());
            }
            return new ArrowSchema(List.of(root), Map.of());
        } finally {
            callRelease(s, 56);
        }
    }

    /**
     * Imports a record batch: a {@code +s} struct array and its schema. The schema is released at once; the
     * array is moved into the result (its {@code release} set to null in the caller's struct) and released
     * by {@link ImportedBatch#close}.
     *
     * @param schema {@link #SCHEMA_SIZE} bytes of the producer's {@code struct ArrowSchema}
     * @param array {@link #ARRAY_SIZE} bytes of the producer's {@code struct ArrowArray}
     * @return the batch
     * @throws VortexException when the structs are malformed or hold a type Vortex cannot represent
     */
    public static ImportedBatch importBatch(MemorySegment schema, MemorySegment array) {
        MemorySegment a = array.reinterpret(ARRAY_SIZE);
        if (a.get(PTR, 64).equals(MemorySegment.NULL)) {
            callRelease(schema.reinterpret(SCHEMA_SIZE), 56);
            throw new VortexException("Arrow C array: released already");
        }
        Arena arena = Arena.ofShared();
        MemorySegment moved = arena.allocate(ARRAY_SIZE, 8);
        MemorySegment.copy(a, 0, moved, 0, ARRAY_SIZE);
        a.set(PTR, 64, MemorySegment.NULL);
        ImportedBatch batch = new ImportedBatch(arena, moved);
        try {
            MemorySegment s = schema.reinterpret(SCHEMA_SIZE);
            ArrowField root;
            try {
                if (s.get(PTR, 56).equals(MemorySegment.NULL)) {
                    throw new VortexException("Arrow C schema: released already");
                }
                root = readSchema(s, new long[] {0}, 0, "schema");
            } finally {
                callRelease(s, 56);
            }
            if (!(root.type() instanceof ArrowType.Struct) || root.dictionary() != null) {
                throw new VortexException("Arrow C array: a record batch must be a struct (+s), got "
                        + CDataFormat.format(root.type()));
            }
            ArrowSchema arrowSchema = new ArrowSchema(root.children(), root.metadata());
            DType.Struct dtype = ArrowSchemas.toDType(arrowSchema);
            Map<Long, Canonical> dictionaries = new HashMap<>();
            CSource src = new CSource(dictionaries);
            src.flatten(root, moved, 0, "");
            long[] top = src.nodes.getFirst();
            src.nodes.removeFirst();
            src.buffers.removeFirst(); // the struct's validity: a record batch has none
            int rows = (int) (top[0] - top[2]);
            IpcDecoder dec = new IpcDecoder(src, dictionaries, "Arrow C array");
            List<Canonical> columns = new ArrayList<>();
            for (ArrowField f : arrowSchema.fields()) {
                Canonical c = dec.column(f, (int) top[0]);
                columns.add(top[2] == 0 ? c : c.slice((int) top[2], rows));
            }
            batch.schema = arrowSchema;
            batch.batch = new StructArray(dtype, columns, rows, Validity.ALL_VALID);
            return batch;
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
    }

    /** An imported record batch; its arrays point into the producer's memory until {@link #close}. */
    public static final class ImportedBatch implements AutoCloseable {
        private final Arena arena;
        private final MemorySegment array;
        private ArrowSchema schema;
        private StructArray batch;

        private ImportedBatch(Arena arena, MemorySegment array) {
            this.arena = arena;
            this.array = array;
        }

        /** @return the Arrow schema */
        public ArrowSchema schema() {
            return schema;
        }

        /** @return the rows, of type {@link ArrowSchemas#toDType(ArrowSchema)}; valid until {@link #close} */
        public StructArray batch() {
            return batch;
        }

        /** Calls the producer's release callback. */
        @Override
        public void close() {
            if (arena.scope().isAlive()) {
                try {
                    callRelease(array, 64);
                } finally {
                    arena.close();
                }
            }
        }
    }

    private static void callRelease(MemorySegment struct, long releaseOffset) {
        MemorySegment fn = struct.get(PTR, releaseOffset);
        if (fn.equals(MemorySegment.NULL)) {
            return;
        }
        try {
            CALL_RELEASE.invokeExact(fn, struct);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static String cString(MemorySegment ptr, String what) {
        if (ptr.equals(MemorySegment.NULL)) {
            return null;
        }
        return ptr.reinterpret(Integer.MAX_VALUE).getString(0, StandardCharsets.UTF_8);
    }

    private static ArrowField readSchema(MemorySegment s, long[] dictIds, int depth, String path) {
        if (depth > MAX_DEPTH) {
            throw new VortexException("Arrow C schema '" + path + "': nested deeper than " + MAX_DEPTH);
        }
        String format = cString(s.get(PTR, 0), path);
        if (format == null) {
            throw new VortexException("Arrow C schema '" + path + "': no format");
        }
        String name = cString(s.get(PTR, 8), path);
        name = name == null ? "" : name;
        long flags = s.get(I64, 24);
        long n = s.get(I64, 32);
        if (n < 0 || n > 1 << 20) {
            throw new VortexException("Arrow C schema '" + path + "': " + n + " children");
        }
        MemorySegment childPtrs = s.get(PTR, 40);
        if (n > 0 && childPtrs.equals(MemorySegment.NULL)) {
            throw new VortexException("Arrow C schema '" + path + "': " + n + " children but no pointers");
        }
        List<ArrowField> children = new ArrayList<>();
        MemorySegment ptrs = childPtrs.reinterpret(8 * n);
        for (int i = 0; i < n; i++) {
            MemorySegment c = ptrs.getAtIndex(PTR, i);
            if (c.equals(MemorySegment.NULL)) {
                throw new VortexException("Arrow C schema '" + path + "': child " + i + " is null");
            }
            children.add(readSchema(c.reinterpret(SCHEMA_SIZE), dictIds, depth + 1, path + "." + i));
        }
        Map<String, String> metadata = readMetadata(s.get(PTR, 16));
        MemorySegment dict = s.get(PTR, 48);
        ArrowType type;
        ArrowField.DictionaryEncoding encoding = null;
        if (!dict.equals(MemorySegment.NULL)) {
            // the format is the index type; the dictionary schema holds the value type
            ArrowType index = CDataFormat.parse(format, false, 0);
            if (!(index instanceof ArrowType.Int it)) {
                throw new VortexException("Arrow C schema '" + path + "': dictionary index type " + format);
            }
            ArrowField values = readSchema(dict.reinterpret(SCHEMA_SIZE), dictIds, depth + 1, path + ".dictionary");
            encoding = new ArrowField.DictionaryEncoding(dictIds[0]++, it, (flags & FLAG_DICTIONARY_ORDERED) != 0);
            type = values.type();
            children = values.children();
            if (metadata.isEmpty()) {
                metadata = values.metadata();
            }
        } else {
            type = CDataFormat.parse(format, (flags & FLAG_MAP_KEYS_SORTED) != 0, (int) n);
        }
        return new ArrowField(name, (flags & FLAG_NULLABLE) != 0, type, children, encoding, metadata);
    }

    private static Map<String, String> readMetadata(MemorySegment ptr) {
        if (ptr.equals(MemorySegment.NULL)) {
            return Map.of();
        }
        MemorySegment m = ptr.reinterpret(Integer.MAX_VALUE);
        int n = m.get(I32, 0);
        Map<String, String> out = new LinkedHashMap<>();
        long at = 4;
        for (int i = 0; i < n; i++) {
            int kl = m.get(I32, at);
            String k = new String(m.asSlice(at + 4, kl).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
            at += 4 + kl;
            int vl = m.get(I32, at);
            String v = new String(m.asSlice(at + 4, vl).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
            at += 4 + vl;
            out.put(k, v);
        }
        return out;
    }

    /** The nodes and buffers of a C array tree, flattened in the order {@link IpcDecoder} takes them. */
    private static final class CSource implements IpcDecoder.ArraySource {
        final List<long[]> nodes = new ArrayList<>();
        final List<MemorySegment> buffers = new ArrayList<>();
        final List<Long> variadic = new ArrayList<>();
        final Map<Long, Canonical> dictionaries;
        int node;
        int buffer;
        int view;

        CSource(Map<Long, Canonical> dictionaries) {
            this.dictionaries = dictionaries;
        }

        @Override
        public long[] node(String path) {
            if (node >= nodes.size()) {
                throw new VortexException("Arrow C array, column '" + path + "': fewer arrays than the schema has");
            }
            return nodes.get(node++);
        }

        @Override
        public MemorySegment buffer(String path) {
            if (buffer >= buffers.size()) {
                throw new VortexException("Arrow C array, column '" + path + "': fewer buffers than its type has");
            }
            return buffers.get(buffer++);
        }

        @Override
        public long variadicCount(String path) {
            return variadic.get(view++);
        }

        private static VortexException bad(String path, String problem) {
            return new VortexException("Arrow C array, column '" + path + "': " + problem);
        }

        /** Appends the node and buffers of {@code a} (and its children), sized from its type and length. */
        void flatten(ArrowField f, MemorySegment a, int depth, String path) {
            if (depth > MAX_DEPTH) {
                throw bad(path, "nested deeper than " + MAX_DEPTH);
            }
            long length = a.get(I64, 0);
            long nulls = a.get(I64, 8);
            long offset = a.get(I64, 16);
            long nBuffers = a.get(I64, 24);
            long nChildren = a.get(I64, 32);
            if (length < 0 || offset < 0 || length + offset > io.jvortex.array.Canonicals.MAX_ROWS
                    || nBuffers < 0 || nBuffers > 1 << 20 || nChildren != f.children().size()) {
                throw bad(path, "array of length " + length + ", offset " + offset + ", " + nBuffers + " buffers, "
                        + nChildren + " children (the schema has " + f.children().size() + ")");
            }
            long n = length + offset;
            nodes.add(new long[] {n, nulls < -1 ? -1 : nulls, offset});
            MemorySegment ptrs = nBuffers == 0 ? MemorySegment.NULL : a.get(PTR, 40).reinterpret(8 * nBuffers);
            if (f.dictionary() != null) {
                MemorySegment dict = a.get(PTR, 56);
                if (dict.equals(MemorySegment.NULL)) {
                    throw bad(path, "dictionary-encoded array without a dictionary");
                }
                ArrowField valueField = f.withDictionary(null);
                CSource sub = new CSource(dictionaries);
                sub.flatten(valueField, dict.reinterpret(ARRAY_SIZE), depth + 1, path + ".dictionary");
                long[] dn = sub.nodes.getFirst();
                dictionaries.put(f.dictionary().id(), new IpcDecoder(sub, dictionaries, "Arrow C array")
                        .column(valueField.withName(path), (int) (dn[0] - dn[2])));
                int w = f.dictionary().indexType().bitWidth() / 8;
                need(nBuffers, 2, path);
                add(ptrs, 0, (n + 7) / 8);
                add(ptrs, 1, n * w);
                return;
            }
            switch (f.type()) {
                case ArrowType.Null x -> {
                }
                case ArrowType.RunEndEncoded x -> {
                }
                case ArrowType.Bool x -> bitsAndValues(ptrs, nBuffers, n, (n + 7) / 8, path);
                case ArrowType.Int i -> bitsAndValues(ptrs, nBuffers, n, n * (i.bitWidth() / 8), path);
                case ArrowType.FloatingPoint fp -> bitsAndValues(ptrs, nBuffers, n,
                        n * (2L << fp.precision().ordinal()), path);
                case ArrowType.Decimal d -> bitsAndValues(ptrs, nBuffers, n, n * (d.bitWidth() / 8), path);
                case ArrowType.Date d -> bitsAndValues(ptrs, nBuffers, n, n * (d.unit() == ArrowType.DateUnit.DAY
                        ? 4 : 8), path);
                case ArrowType.Time t -> bitsAndValues(ptrs, nBuffers, n, n * (t.bitWidth() / 8), path);
                case ArrowType.Timestamp t -> bitsAndValues(ptrs, nBuffers, n, n * 8, path);
                case ArrowType.Duration t -> bitsAndValues(ptrs, nBuffers, n, n * 8, path);
                case ArrowType.FixedSizeBinary fb -> bitsAndValues(ptrs, nBuffers, n, n * fb.byteWidth(), path);
                case ArrowType.Utf8 x -> varBin(ptrs, nBuffers, n, 4, path);
                case ArrowType.Binary x -> varBin(ptrs, nBuffers, n, 4, path);
                case ArrowType.LargeUtf8 x -> varBin(ptrs, nBuffers, n, 8, path);
                case ArrowType.LargeBinary x -> varBin(ptrs, nBuffers, n, 8, path);
                case ArrowType.Utf8View x -> views(ptrs, nBuffers, n, path);
                case ArrowType.BinaryView x -> views(ptrs, nBuffers, n, path);
                case ArrowType.List x -> offsetsOnly(ptrs, nBuffers, n, 4, path);
                case ArrowType.Map x -> offsetsOnly(ptrs, nBuffers, n, 4, path);
                case ArrowType.LargeList x -> offsetsOnly(ptrs, nBuffers, n, 8, path);
                case ArrowType.ListView x -> {
                    need(nBuffers, 3, path);
                    add(ptrs, 0, (n + 7) / 8);
                    add(ptrs, 1, 4 * n);
                    add(ptrs, 2, 4 * n);
                }
                case ArrowType.LargeListView x -> {
                    need(nBuffers, 3, path);
                    add(ptrs, 0, (n + 7) / 8);
                    add(ptrs, 1, 8 * n);
                    add(ptrs, 2, 8 * n);
                }
                case ArrowType.FixedSizeList x -> {
                    need(nBuffers, 1, path);
                    add(ptrs, 0, (n + 7) / 8);
                }
                case ArrowType.Struct x -> {
                    need(nBuffers, 1, path);
                    add(ptrs, 0, (n + 7) / 8);
                }
                case ArrowType.Union u -> {
                    need(nBuffers, u.mode() == ArrowType.UnionMode.DENSE ? 2 : 1, path);
                    add(ptrs, 0, n);
                    if (u.mode() == ArrowType.UnionMode.DENSE) {
                        add(ptrs, 1, 4 * n);
                    }
                }
                case ArrowType.Interval iv -> throw bad(path, "intervals have no Vortex type");
            }
            MemorySegment childPtrs = nChildren == 0 ? MemorySegment.NULL : a.get(PTR, 48).reinterpret(8 * nChildren);
            for (int i = 0; i < nChildren; i++) {
                MemorySegment c = childPtrs.getAtIndex(PTR, i);
                if (c.equals(MemorySegment.NULL)) {
                    throw bad(path, "child " + i + " is null");
                }
                ArrowField cf = f.children().get(i);
                flatten(cf, c.reinterpret(ARRAY_SIZE), depth + 1, path + "." + cf.name());
            }
        }

        private static void need(long nBuffers, int want, String path) {
            if (nBuffers != want) {
                throw bad(path, nBuffers + " buffers, its type has " + want);
            }
        }

        private void add(MemorySegment ptrs, int i, long bytes) {
            MemorySegment p = ptrs.getAtIndex(PTR, i);
            buffers.add(p.equals(MemorySegment.NULL) ? MemorySegment.NULL : p.reinterpret(bytes));
        }

        private void bitsAndValues(MemorySegment ptrs, long nBuffers, long n, long bytes, String path) {
            need(nBuffers, 2, path);
            add(ptrs, 0, (n + 7) / 8);
            add(ptrs, 1, bytes);
        }

        private void offsetsOnly(MemorySegment ptrs, long nBuffers, long n, int w, String path) {
            need(nBuffers, 2, path);
            add(ptrs, 0, (n + 7) / 8);
            add(ptrs, 1, n == 0 && ptrs.getAtIndex(PTR, 1).equals(MemorySegment.NULL) ? 0 : (n + 1) * w);
        }

        private void varBin(MemorySegment ptrs, long nBuffers, long n, int w, String path) {
            need(nBuffers, 3, path);
            add(ptrs, 0, (n + 7) / 8);
            add(ptrs, 1, n == 0 && ptrs.getAtIndex(PTR, 1).equals(MemorySegment.NULL) ? 0 : (n + 1) * w);
            MemorySegment offsets = buffers.getLast();
            long end = offsets.byteSize() == 0 ? 0 : w == 4 ? offsets.getAtIndex(I32, n)
                    : offsets.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, n);
            if (end < 0) {
                throw bad(path, "last offset " + end);
            }
            add(ptrs, 2, end);
        }

        private void views(MemorySegment ptrs, long nBuffers, long n, String path) {
            if (nBuffers < 3) {
                throw bad(path, nBuffers + " buffers, a view array has at least 3");
            }
            add(ptrs, 0, (n + 7) / 8);
            add(ptrs, 1, 16 * n);
            long count = nBuffers - 3;
            MemorySegment sizes = ptrs.getAtIndex(PTR, (int) nBuffers - 1).reinterpret(8 * count);
            for (int i = 0; i < count; i++) {
                add(ptrs, 2 + i, sizes.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i));
            }
            variadic.add(count);
        }
    }
}
