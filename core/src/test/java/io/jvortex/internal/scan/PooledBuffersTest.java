package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.BufferPool;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.internal.encodings.bitpacked.BitPackedEncoding;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scans take their large decode buffers from {@link BufferPool#shared()} and always give them back. */
class PooledBuffersTest {
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("v"),
            List.of(new DType.Primitive(PType.I64, false)), false);
    private static final int ROWS = 200_000;

    /** Values below 2^20 including 0: bit-packed without a reference, 1.6 MB decoded. */
    private static long[] write(Path file) {
        return write(file, TestSupport.random("PooledBuffersTest"));
    }

    private static long[] write(Path file, SplittableRandom random) {
        long[] values = new long[ROWS];
        for (int i = 1; i < ROWS; i++) {
            values[i] = random.nextLong(1 << 20);
        }
        try (VortexWriter w = VortexWriter.create(file, SCHEMA, WriteOptions.defaults())) {
            w.write(Batch.builder(SCHEMA).longs("v", values).build());
        }
        return values;
    }

    @Test
    void aSegmentWhoseDecodeFailsGivesItsBuffersBack(@TempDir Path dir) {
        Path file = dir.resolve("v.vortex");
        write(file);
        Encoding bitPacked = EncodingRegistry.defaults().find(BitPackedEncoding.ID);
        AtomicLong heldWhenFailing = new AtomicLong(-1);
        long before = BufferPool.shared().inUseBytes();
        Encoding failing = new Encoding() {
            @Override
            public String id() {
                return BitPackedEncoding.ID;
            }

            @Override
            public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
                bitPacked.decode(node, dtype, length, ctx);
                heldWhenFailing.set(BufferPool.shared().inUseBytes() - before);
                throw new VortexException("injected failure after decoding");
            }
        };
        EncodingRegistry registry = EncodingRegistry.builder().addBuiltins().register(failing).build();
        ReaderOptions options = new ReaderOptions(registry, false, ReaderOptions.DEFAULT_MAX_DECODED_BYTES);
        try (VortexReader reader = VortexReader.open(file, options)) {
            assertThatThrownBy(() -> {
                try (ScanIterator scan = reader.scan(ScanOptions.all())) {
                    while (scan.hasNext()) {
                        scan.next().close();
                    }
                }
            }).isInstanceOf(VortexException.class).hasMessageContaining("injected");
        }
        assertThat(heldWhenFailing.get()).as("the failing decode held a pooled buffer")
                .isGreaterThanOrEqualTo(8L * ROWS / 2);
        assertThat(BufferPool.shared().inUseBytes()).isEqualTo(before);
    }

    @Test
    void scansGiveEveryBufferBackAndReadRecycledBuffersExactly(@TempDir Path dir) {
        SplittableRandom random = TestSupport.random("PooledBuffersTest.recycled");
        Path[] files = {dir.resolve("a.vortex"), dir.resolve("b.vortex")};
        long[][] expected = {write(files[0], random), write(files[1], random)};
        long before = BufferPool.shared().inUseBytes();
        // alternating files: each pass decodes into buffers that held the other file's values
        for (int pass = 0; pass < 4; pass++) {
            Path file = files[pass % 2];
            long[] values = expected[pass % 2];
            long[] read = new long[ROWS];
            int at = 0;
            try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan(ScanOptions.all())) {
                while (scan.hasNext()) {
                    try (Chunk chunk = scan.next()) {
                        PrimitiveArray v = (PrimitiveArray) ((StructArray) chunk.rawArray()).fields().getFirst();
                        for (int i = 0; i < v.length(); i++) {
                            read[at++] = v.getLong(i);
                        }
                    }
                }
            }
            assertThat(at).isEqualTo(ROWS);
            assertThat(read).as("pass %d", pass).isEqualTo(values);
            assertThat(BufferPool.shared().inUseBytes()).as("pass %d", pass).isEqualTo(before);
        }
    }

    /**
     * The compact decoders that skip zeroing (Pcodec and Zstandard values without nulls, Zstandard
     * string bytes) write every byte a value occupies: decoded into pooled blocks left full of
     * 0xA5, the values still equal what was written, zeros included.
     */
    @Test
    void compactDecodersFillRecycledBuffersWhole(@TempDir Path dir) {
        SplittableRandom random = TestSupport.random("PooledBuffersTest.compactRecycled");
        int rows = 120_000;
        long[] dense = new long[rows];
        long[] sparse = new long[rows];
        boolean[] nulls = new boolean[rows];
        String[] text = new String[rows];
        for (int i = 0; i < rows; i++) {
            dense[i] = random.nextInt(4) == 0 ? 0 : random.nextLong(-1L << 40, 1L << 40);
            nulls[i] = random.nextInt(5) == 0;
            sparse[i] = nulls[i] || random.nextBoolean() ? 0 : random.nextLong();
            text[i] = random.nextInt(6) == 0 ? "" : Long.toString(random.nextLong(), 36 - random.nextInt(20));
        }
        DType.Struct schema = new DType.Struct(List.of("dense", "sparse", "text"), List.of(
                new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I64, true), new DType.Utf8(false)),
                false);
        Path file = dir.resolve("compact.vortex");
        try (VortexWriter w = VortexWriter.create(file, schema, WriteOptions.defaults().withCompact(true))) {
            w.write(Batch.builder(schema).longs("dense", dense).longs("sparse", sparse, nulls).strings("text", text)
                    .build());
        }
        try (VortexReader reader = VortexReader.open(file)) {
            assertThat(io.jvortex.api.internal.ApiAccess.file(reader).arrayIds()).contains("vortex.pco", "vortex.zstd");
            for (int pass = 0; pass < 2; pass++) {
                poisonSharedPool();
                int at = 0;
                try (ScanIterator scan = reader.scan(ScanOptions.all())) {
                    while (scan.hasNext()) {
                        try (Chunk chunk = scan.next()) {
                            var d = chunk.column("dense").asLongs();
                            var sp = chunk.column("sparse").asLongs();
                            var t = chunk.column("text").asStrings();
                            for (int i = 0; i < chunk.rowCount(); i++, at++) {
                                assertThat(d.get(i)).as("dense row %d", at).isEqualTo(dense[at]);
                                assertThat(sp.isNull(i)).as("sparse row %d null", at).isEqualTo(nulls[at]);
                                if (!nulls[at]) {
                                    assertThat(sp.get(i)).as("sparse row %d", at).isEqualTo(sparse[at]);
                                }
                                assertThat(t.getString(i)).as("text row %d", at).isEqualTo(text[at]);
                            }
                        }
                    }
                }
                assertThat(at).isEqualTo(rows);
            }
        }
    }

    /** Leaves several free blocks of every size class from 64 KiB to 8 MiB in the shared pool, all 0xA5. */
    private static void poisonSharedPool() {
        try (var arena = BufferPool.shared().newArena()) {
            for (long size = BufferPool.MIN_POOLED; size <= 8L << 20; size += size / 4) {
                for (int k = 0; k < 3; k++) {
                    BufferPool.allocateUninitialized(arena, size).fill((byte) 0xA5);
                }
            }
        }
    }
}
