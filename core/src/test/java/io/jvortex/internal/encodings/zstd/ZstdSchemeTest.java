package io.jvortex.internal.encodings.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.RandomArrays;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.internal.write.FileWriter;
import io.jvortex.spi.WriteNode;
import io.jvortex.internal.zstd.Zstd;
import io.jvortex.internal.zstd.ZstdCompressor;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ZstdScheme} writes the reference's frame layout, and {@link ZstdEncoding} reads it back. */
class ZstdSchemeTest {
    @TempDir
    Path dir;

    private static TestNodes.Node toTestNode(WriteNode n) {
        List<byte[]> buffers = n.buffers().stream().map(b -> b.data().toArray(ValueLayout.JAVA_BYTE)).toList();
        return new TestNodes.Node(n.encodingId(), n.metadata(), buffers,
                n.children().stream().map(ZstdSchemeTest::toTestNode).toList());
    }

    /** The valid values as the reference lays them out: u32 LE length, then the bytes. */
    private static byte[] prefixed(Canonical array, int from, int count) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int seen = 0;
        for (int i = 0; i < array.length() && seen < from + count; i++) {
            if (!array.validity().isValid(i)) {
                continue;
            }
            if (seen++ < from) {
                continue;
            }
            byte[] v = array instanceof VarBinArray b ? b.value(i) : ((VarBinViewArray) array).value(i);
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v.length).array());
            out.writeBytes(v);
        }
        return out.toByteArray();
    }

    @Test
    void framesHold8192ValidValuesEachAndDecodeBack() {
        SplittableRandom r = TestSupport.random("ZstdSchemeTest.frames");
        try (Arena arena = Arena.ofConfined()) {
            RandomArrays gen = new RandomArrays(r, TestSupport.allocator(arena));
            for (DType dtype : List.of(new DType.Utf8(false), new DType.Utf8(true), new DType.Binary(false),
                    new DType.Binary(true))) {
                for (int length : new int[] {1, 2, 100, 8192, 8193, 20_000}) {
                    Canonical array = gen.array(dtype, length + 3).slice(3, length);
                    int valid = length - array.validity().nullCount(length);
                    if (valid == 0) {
                        continue;
                    }
                    ZstdScheme scheme = dtype instanceof DType.Utf8 ? ZstdScheme.STRING : ZstdScheme.BINARY;
                    assertThat(scheme.accepts(array)).isTrue();
                    WriteNode node = scheme.compress(array, null, null);
                    assertThat(node.encodingId()).isEqualTo("vortex.zstd");
                    ZstdEncoding.ZstdMetadata meta = ZstdEncoding.ZstdMetadata.parse(MemorySegment.ofArray(node.metadata()));
                    int frames = (valid + ZstdScheme.VALUES_PER_FRAME - 1) / ZstdScheme.VALUES_PER_FRAME;
                    assertThat(meta.dictionarySize()).isZero();
                    assertThat(meta.frames()).hasSize(frames);
                    assertThat(node.buffers()).hasSize(frames);
                    for (int f = 0; f < frames; f++) {
                        int count = Math.min(ZstdScheme.VALUES_PER_FRAME, valid - f * ZstdScheme.VALUES_PER_FRAME);
                        byte[] expected = prefixed(array, f * ZstdScheme.VALUES_PER_FRAME, count);
                        assertThat(meta.frames().get(f).valueCount()).isEqualTo(count);
                        assertThat(meta.frames().get(f).uncompressedSize()).isEqualTo(expected.length);
                        byte[] back = new byte[expected.length];
                        Zstd.decompress(node.buffers().get(f).data(), MemorySegment.ofArray(back));
                        assertThat(back).isEqualTo(expected);
                    }
                    assertThat(node.children()).hasSize(dtype.nullable() && !(array.validity() instanceof Validity.AllValid)
                            ? 1 : 0);
                    Canonical decoded = TestNodes.decode(toTestNode(node), dtype, length, arena);
                    assertThat(TestSupport.rows(decoded)).as("%s x %d", dtype.display(), length)
                            .isEqualTo(TestSupport.rows(array));
                }
            }
        }
    }

    @Test
    void emptyStringsAndValuesLargerThanABlockRoundTrip() {
        SplittableRandom r = TestSupport.random("ZstdSchemeTest.extremes");
        String[] empties = new String[10_000];
        java.util.Arrays.fill(empties, "");
        StringBuilder big = new StringBuilder();
        while (big.length() < 300_000) {
            big.append("segment ").append(r.nextInt(1000)).append(r.nextBoolean() ? " ok\n" : " é\n");
        }
        String[] mixed = new String[9000];
        for (int i = 0; i < mixed.length; i++) {
            mixed[i] = i % 4000 == 17 ? big.toString() : "v" + r.nextInt(100);
        }
        try (Arena arena = Arena.ofConfined()) {
            for (Canonical array : List.<Canonical>of(TestArrays.varBin(true, empties), TestArrays.varBinView(false, mixed),
                    TestArrays.varBin(true, mixed))) {
                WriteNode node = ZstdScheme.encode(array, ZstdScheme.VALUES_PER_FRAME, new ZstdCompressor());
                long stored = node.buffers().stream().mapToLong(b -> b.data().byteSize()).sum();
                assertThat(stored).isLessThan(prefixed(array, 0, array.length()).length / 10);
                Canonical decoded = TestNodes.decode(toTestNode(node), array.dtype(), array.length(), arena);
                assertThat(TestSupport.rows(decoded)).isEqualTo(TestSupport.rows(array));
            }
        }
    }

    @Test
    void schemesAcceptTheirOwnDTypeOnly() {
        VarBinArray strings = TestArrays.varBin(true, "a", "b");
        VarBinViewArray bytes = TestArrays.varBinView(false, "a", "b");
        assertThat(ZstdScheme.STRING.accepts(strings)).isTrue();
        assertThat(ZstdScheme.STRING.accepts(bytes)).isFalse();
        assertThat(ZstdScheme.BINARY.accepts(bytes)).isTrue();
        assertThat(ZstdScheme.BINARY.accepts(strings)).isFalse();
        assertThat(ZstdScheme.STRING.accepts(TestArrays.i32(1, 2))).isFalse();
        assertThat(BuiltinSchemes.compact()).contains(ZstdScheme.STRING, ZstdScheme.BINARY);
        assertThat(ZstdScheme.STRING.name()).isNotEqualTo(ZstdScheme.BINARY.name());
        assertThatThrownBy(() -> ZstdScheme.encode(strings, 0, new ZstdCompressor()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("valuesPerFrame");
        assertThatThrownBy(() -> ZstdScheme.encode(TestArrays.i32(1), 10, new ZstdCompressor()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void compressedFilesReadBackRowForRow() {
        SplittableRandom r = TestSupport.random("ZstdSchemeTest.files");
        try (Arena arena = Arena.ofConfined()) {
            RandomArrays gen = new RandomArrays(r, TestSupport.allocator(arena));
            DType.Struct schema = new DType.Struct(List.of("s", "b", "t"),
                    List.of(new DType.Utf8(true), new DType.Binary(false), new DType.Utf8(false)), false);
            List<StructArray> chunks = new ArrayList<>();
            List<Object> rows = new ArrayList<>();
            for (int len : new int[] {5000, 1, 9000}) {
                StructArray chunk = (StructArray) gen.array(schema, len);
                chunks.add(chunk);
                rows.addAll(TestSupport.rows(chunk));
            }
            Compressor compressor = new Compressor(List.of(ZstdScheme.STRING, ZstdScheme.BINARY), id -> true);
            Path file = dir.resolve("zstd.vortex");
            FileWriter.write(file, schema, chunks.iterator(), compressor::compress);
            List<Object> back = new ArrayList<>();
            try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
                while (scan.hasNext()) {
                    try (Chunk chunk = scan.next()) {
                        back.addAll(TestSupport.rows(chunk.rawArray()));
                    }
                }
            }
            assertThat(back).isEqualTo(rows);
            assertThat(compressor.compress(chunks.get(2).fields().get(2)).encodingId()).isEqualTo("vortex.zstd");
        }
    }
}
