package io.jvortex.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.oracle.RustOracle;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The C Data Interface against Arrow Java's {@code arrow-c-data}, and {@link ArrowVectors} against Arrow
 * Java's vectors: batches we export (or convert), Arrow Java writes as IPC that pyarrow reads with the Rust
 * reader's values and types; batches Arrow Java exports (or holds), read from pyarrow-written IPC with
 * dictionaries, we import (or convert) and write as Vortex files the Rust reader reads with pyarrow's values.
 */
class ArrowCDataTest {
    @TempDir
    Path dir;

    static MemorySegment seg(ArrowSchema s) {
        return ArrowCData.struct(s.memoryAddress(), ArrowCData.SCHEMA_SIZE);
    }

    static MemorySegment seg(ArrowArray a) {
        return ArrowCData.struct(a.memoryAddress(), ArrowCData.ARRAY_SIZE);
    }

    /** The IPC tests' types and random ones (no variants: they have no Arrow form). */
    static List<TypeSpec> types(long seed) {
        List<TypeSpec> types = new ArrayList<>(ArrowIpcTest.types());
        types.addAll(RandomTables.randomTypes(new SplittableRandom(seed), 8, true, false));
        return types;
    }

    @ParameterizedTest
    @CsvSource({"cdata", "vectors"})
    void arrowJavaImportsWhatWeExport(String via) throws Exception {
        long seed = Seeds.seed("ArrowCDataTest.export." + via);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types(seed), 3000);
        RustOracle oracle = RustOracle.shared();
        Path vortex = dir.resolve("t.vortex");
        oracle.write(table, vortex, RustOracle.Strategy.DEFAULT, "core2026.08.3");

        List<String> viaArrowJava = new ArrayList<>();
        int part = 0;
        try (BufferAllocator allocator = new RootAllocator();
             VortexReader reader = VortexReader.open(vortex);
             ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                Chunk chunk = scan.next();
                Path ipc = dir.resolve("part" + part++ + ".arrows");
                try (ArrowSchema cs = ArrowSchema.allocateNew(allocator);
                     ArrowArray ca = ArrowArray.allocateNew(allocator)) {
                    VectorSchemaRoot imported;
                    if (via.equals("cdata")) {
                        ArrowCData.exportChunk(chunk, seg(cs), seg(ca));
                        imported = Data.importVectorSchemaRoot(allocator, ca, cs, null);
                    } else {
                        imported = ArrowVectors.toVectorSchemaRoot((StructArray) chunk.rawArray(), allocator);
                        chunk.close();
                    }
                    try (VectorSchemaRoot root = imported;
                         FileOutputStream out = new FileOutputStream(ipc.toFile());
                         ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out.getChannel())) {
                        writer.start();
                        writer.writeBatch();
                        writer.end();
                    }
                }
                assertThat(chunk.isClosed()).as("released chunks are closed").isTrue();
                assertThat(oracle.arrowIpcSchema(ipc)).isEqualTo(oracle.vortexArrowSchema(vortex));
                viaArrowJava.addAll(oracle.readArrowIpc(ipc));
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
        List<String> rust = oracle.read(vortex);
        assertThat(viaArrowJava).hasSize(rust.size());
        for (int i = 0; i < rust.size(); i++) {
            assertThat(viaArrowJava.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(rust.get(i));
        }
    }

    @ParameterizedTest
    @CsvSource({"plain, cdata", "dictionary, cdata", "large, cdata", "list_view, cdata", "dictionary, vectors",
        "view, vectors", "ree, cdata"})
    void weImportWhatArrowJavaExports(String variant, String via) throws Exception {
        long seed = Seeds.seed("ArrowCDataTest.import." + variant + "." + via);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types(seed), 2000);
        RustOracle oracle = RustOracle.shared();
        Path ipc = dir.resolve("t.arrow");
        Path vortex = dir.resolve("t.vortex");
        oracle.writeArrowIpc(table, ipc, false, 600, variant, null);

        try (BufferAllocator allocator = new RootAllocator();
             FileInputStream in = new FileInputStream(ipc.toFile());
             ArrowFileReader reader = new ArrowFileReader(in.getChannel(), allocator)) {
            VortexWriter writer = null;
            while (reader.loadNextBatch()) {
                if (via.equals("vectors")) {
                    StructArray batch = ArrowVectors.fromVectorSchemaRoot(reader.getVectorSchemaRoot(), reader);
                    if (writer == null) {
                        writer = VortexWriter.create(vortex, batch.dtype(), WriteOptions.defaults());
                    }
                    writer.write(batch);
                    continue;
                }
                try (ArrowSchema cs = ArrowSchema.allocateNew(allocator);
                     ArrowArray ca = ArrowArray.allocateNew(allocator)) {
                    Data.exportVectorSchemaRoot(allocator, reader.getVectorSchemaRoot(), reader, ca, cs);
                    try (ArrowCData.ImportedBatch batch = ArrowCData.importBatch(seg(cs), seg(ca))) {
                        if (writer == null) {
                            writer = VortexWriter.create(vortex, batch.batch().dtype(), WriteOptions.defaults());
                        }
                        writer.write(batch.batch());
                    }
                }
            }
            writer.close();
        }
        List<String> rust = oracle.read(vortex);
        List<String> pyarrow = oracle.readArrowIpc(ipc);
        assertThat(rust).hasSize(pyarrow.size());
        for (int i = 0; i < rust.size(); i++) {
            assertThat(rust.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(pyarrow.get(i));
        }
    }

    @Test
    void primitiveBuffersAreExportedWithoutCopying() {
        try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
            MemorySegment values = arena.allocate(8L * 1000, 8);
            for (int i = 0; i < 1000; i++) {
                values.setAtIndex(ValueLayout.JAVA_LONG, i, i * 7L);
            }
            DType.Struct dtype = new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I64, false)), false);
            StructArray batch = new StructArray(dtype, List.of(new PrimitiveArray(new DType.Primitive(PType.I64,
                    false), values, 1000, Validity.ALL_VALID)), 1000, Validity.ALL_VALID);
            try (ArrowSchema cs = ArrowSchema.allocateNew(allocator);
                 ArrowArray ca = ArrowArray.allocateNew(allocator)) {
                ArrowCData.exportBatch(batch, seg(cs), seg(ca));
                try (VectorSchemaRoot root = Data.importVectorSchemaRoot(allocator, ca, cs, null)) {
                    BigIntVector x = (BigIntVector) root.getVector("x");
                    assertThat(x.getDataBufferAddress()).isEqualTo(values.address());
                    assertThat(x.get(999)).isEqualTo(999 * 7L);
                    assertThat(root.getSchema().getFields().getFirst().isNullable()).isFalse();
                }
            }
        }
    }

    @Test
    void releasedStructsAreRejected() {
        try (BufferAllocator allocator = new RootAllocator();
             ArrowSchema cs = ArrowSchema.allocateNew(allocator);
             ArrowArray ca = ArrowArray.allocateNew(allocator)) {
            // freshly allocated structs have no release callback: released by definition
            assertThatThrownBy(() -> ArrowCData.importBatch(seg(cs), seg(ca)))
                    .isInstanceOf(VortexException.class).hasMessageContaining("released");
            DType.Struct dtype = new DType.Struct(List.of("v"), List.of(new DType.Variant(true)), false);
            assertThatThrownBy(() -> ArrowCData.exportSchema(dtype, seg(cs)))
                    .isInstanceOf(VortexException.class).hasMessageContaining("variant");
        }
    }
}
