package io.jvortex.arrow;

import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Conversion between jvortex batches and Arrow Java 19 {@link VectorSchemaRoot}s, for applications already on
 * Arrow Java ({@code arrow-vector} and a memory module such as {@code arrow-memory-unsafe}; this module only
 * declares them optional). No JNI: the vectors' buffers are read and written through their addresses.
 */
// Arrow Java's buffers are foreign memory known by address: reading them needs MemorySegment.reinterpret.
@SuppressWarnings("restricted")
public final class ArrowVectors {
    private ArrowVectors() {
    }

    /**
     * Reads the current batch of a root as jvortex arrays, without copying: the result points into the
     * vectors' buffers and is valid until the root is cleared, reloaded or closed.
     *
     * @param root the vectors
     * @param dictionaries the dictionaries of dictionary-encoded vectors, or null when there are none
     * @return the rows, of type {@link ArrowSchemas#toDType(ArrowSchema)} of the root's schema
     * @throws VortexException when a vector holds a type Vortex cannot represent (intervals)
     */
    public static StructArray fromVectorSchemaRoot(VectorSchemaRoot root, DictionaryProvider dictionaries) {
        ArrowSchema schema = ArrowSchemas.fromIpcMessage(root.getSchema().serializeAsMessage());
        Map<Long, Canonical> dicts = new HashMap<>();
        // Arrow Java's schema types a dictionary-encoded field by its indices: the values' type is the
        // dictionary vector's
        List<ArrowField> fields = new ArrayList<>();
        for (ArrowField f : schema.fields()) {
            fields.add(withDictionaryValues(f, dictionaries, dicts, 0));
        }
        schema = new ArrowSchema(fields, schema.metadata());
        DType.Struct dtype = ArrowSchemas.toDType(schema);
        try (ArrowRecordBatch rb = new VectorUnloader(root).getRecordBatch()) {
            IpcDecoder dec = new IpcDecoder(new BatchSource(rb), dicts, "Arrow Java VectorSchemaRoot");
            List<Canonical> columns = new ArrayList<>();
            for (ArrowField f : schema.fields()) {
                columns.add(dec.column(f, rb.getLength()));
            }
            return new StructArray(dtype, columns, rb.getLength(), Validity.ALL_VALID);
        }
    }

    /** The field with each dictionary encoding's value type, the dictionaries decoded into {@code dicts}. */
    private static ArrowField withDictionaryValues(ArrowField f, DictionaryProvider provider,
                                                   Map<Long, Canonical> dicts, int depth) {
        if (depth > 64) {
            throw new VortexException("Arrow Java: fields nested deeper than 64");
        }
        List<ArrowField> children = new ArrayList<>();
        for (ArrowField c : f.children()) {
            children.add(withDictionaryValues(c, provider, dicts, depth + 1));
        }
        if (f.dictionary() == null) {
            return new ArrowField(f.name(), f.nullable(), f.type(), children, null, f.metadata());
        }
        long id = f.dictionary().id();
        Dictionary d = provider == null ? null : provider.lookup(id);
        if (d == null) {
            throw new VortexException("Arrow Java, column '" + f.name() + "': no dictionary " + id);
        }
        FieldVector v = d.getVector();
        ArrowField values = withDictionaryValues(ArrowSchemas.fromIpcMessage(
                new Schema(List.of(v.getField())).serializeAsMessage()).fields().getFirst(), provider, dicts,
                depth + 1);
        if (!dicts.containsKey(id)) {
            // not closed: that would close the provider's vector
            VectorSchemaRoot one = new VectorSchemaRoot(List.of(v));
            try (ArrowRecordBatch rb = new VectorUnloader(one).getRecordBatch()) {
                dicts.put(id, new IpcDecoder(new BatchSource(rb), dicts, "Arrow Java dictionary " + id)
                        .column(values.withName(f.name()), v.getValueCount()));
            }
        }
        return new ArrowField(f.name(), f.nullable(), values.type(), values.children(), f.dictionary(),
                f.metadata().isEmpty() ? values.metadata() : f.metadata());
    }

    /**
     * Copies a batch into new vectors, of the Arrow types the Rust reader gives ({@link ArrowSchemas#fromDType}).
     *
     * @param batch the rows
     * @param allocator where the vectors' memory comes from
     * @return a root the caller closes
     * @throws VortexException when a column has no Arrow form (variant)
     */
    public static VectorSchemaRoot toVectorSchemaRoot(StructArray batch, BufferAllocator allocator) {
        ArrowSchema schema = ArrowSchemas.fromDType(batch.dtype());
        Schema javaSchema = Schema.deserializeMessage(ByteBuffer.wrap(ArrowSchemas.toIpcMessage(schema)));
        IpcEncoder enc = new IpcEncoder();
        for (int i = 0; i < schema.fields().size(); i++) {
            enc.column(schema.fields().get(i), batch.fields().get(i));
        }
        List<ArrowFieldNode> nodes = new ArrayList<>();
        for (long[] n : enc.nodes) {
            nodes.add(new ArrowFieldNode(n[0], n[1]));
        }
        List<ArrowBuf> bufs = new ArrayList<>();
        VectorSchemaRoot root = VectorSchemaRoot.create(javaSchema, allocator);
        try {
            for (MemorySegment s : enc.buffers) {
                ArrowBuf b = allocator.buffer(s.byteSize());
                bufs.add(b);
                MemorySegment.copy(s, 0, MemorySegment.ofAddress(b.memoryAddress()).reinterpret(s.byteSize()), 0,
                        s.byteSize());
                b.writerIndex(s.byteSize());
            }
            try (ArrowRecordBatch rb = new ArrowRecordBatch(batch.length(), nodes, bufs,
                    NoCompressionCodec.DEFAULT_BODY_COMPRESSION, enc.variadicCounts, true)) {
                new VectorLoader(root).load(rb);
            }
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        } finally {
            bufs.forEach(ArrowBuf::close);
        }
    }

    /** The nodes and buffers of an unloaded Arrow Java batch, in IPC order. */
    private static final class BatchSource implements IpcDecoder.ArraySource {
        private final ArrowRecordBatch batch;
        private int node;
        private int buffer;
        private int variadic;

        BatchSource(ArrowRecordBatch batch) {
            this.batch = batch;
        }

        @Override
        public long[] node(String path) {
            if (node >= batch.getNodes().size()) {
                throw new VortexException("Arrow Java, column '" + path + "': fewer vectors than fields");
            }
            ArrowFieldNode n = batch.getNodes().get(node++);
            return new long[] {n.getLength(), n.getNullCount(), 0};
        }

        @Override
        public MemorySegment buffer(String path) {
            if (buffer >= batch.getBuffers().size()) {
                throw new VortexException("Arrow Java, column '" + path + "': fewer buffers than its type has");
            }
            ArrowBuf b = batch.getBuffers().get(buffer++);
            long size = b.readableBytes();
            return size == 0 || b.memoryAddress() == 0 ? MemorySegment.NULL
                    : MemorySegment.ofAddress(b.memoryAddress()).reinterpret(size);
        }

        @Override
        public long variadicCount(String path) {
            List<Long> counts = batch.getVariadicBufferCounts();
            if (variadic >= counts.size()) {
                throw new VortexException("Arrow Java, column '" + path + "': no variadic buffer count");
            }
            return counts.get(variadic++);
        }
    }
}
