package io.jvortex.internal.encodings.pco;

import static io.jvortex.internal.encodings.varbin.TestArrays.bools;
import static io.jvortex.internal.encodings.varbin.TestArrays.decode;
import static io.jvortex.internal.encodings.varbin.TestArrays.node;
import static io.jvortex.internal.encodings.varbin.TestArrays.proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.varbin.TestArrays.Node;
import io.jvortex.internal.pco.PcoGolden;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code vortex.pco} nodes assembled from pcodec-written golden streams (see {@code golden/pco}). */
class PcoEncodingTest {
    /** The goldens of the types Vortex stores with pco (16 to 64 bits). */
    static Stream<PcoGolden> goldens() {
        return PcoGolden.all().stream().filter(g -> g.type().byteWidth() >= 2);
    }

    static PType ptype(PcoGolden g) {
        return PType.valueOf(g.type().name());
    }

    /** Builds a vortex.pco node: metadata from the stream's chunks/pages, buffers metas then pages. */
    static Node pcoNode(PcoGolden g, Node... validity) {
        var meta = proto().bytes(1, g.header());
        List<byte[]> buffers = new ArrayList<>();
        for (PcoGolden.ChunkBytes c : g.chunks()) {
            var chunkInfo = proto();
            for (int n : c.counts()) {
                chunkInfo.bytes(1, proto().varint(1, n).build());
            }
            meta.bytes(2, chunkInfo.build());
            buffers.add(c.meta());
        }
        for (PcoGolden.ChunkBytes c : g.chunks()) {
            buffers.addAll(Arrays.asList(c.pages()));
        }
        return node(PcoEncoding.ID, meta.build(), buffers, validity);
    }

    static byte[] bytes(PrimitiveArray p) {
        return p.values().toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void decodesEveryGoldenAsNonNullableColumn(PcoGolden g) {
        var out = (PrimitiveArray) decode(pcoNode(g), new DType.Primitive(ptype(g), false), g.total());
        assertThat(bytes(out)).isEqualTo(g.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void scattersValuesToValidRows(PcoGolden g) {
        SplittableRandom random = TestSupport.random("PcoEncodingTest.scatter." + g.name());
        int valid = g.total();
        int rows = valid + random.nextInt(valid + 1);
        boolean[] bits = new boolean[rows];
        int[] validRows = random.ints(0, rows).distinct().limit(valid).sorted().toArray();
        for (int r : validRows) {
            bits[r] = true;
        }
        var out = (PrimitiveArray) decode(pcoNode(g, bools(bits)), new DType.Primitive(ptype(g), true), rows);
        int w = g.type().byteWidth();
        byte[] got = bytes(out);
        int k = 0;
        for (int r = 0; r < rows; r++) {
            assertThat(out.isValid(r)).isEqualTo(bits[r]);
            byte[] cell = Arrays.copyOfRange(got, r * w, r * w + w);
            if (bits[r]) {
                assertThat(cell).as("row " + r).isEqualTo(Arrays.copyOfRange(g.expected(), k * w, k * w + w));
                k++;
            } else {
                assertThat(cell).as("null row " + r).isEqualTo(new byte[w]);
            }
        }
    }

    @Test
    void multiChunkArray() {
        PcoGolden g = PcoGolden.load("chunks_f64", "*", "*");
        assertThat(g.chunks()).hasSize(3);
        var out = (PrimitiveArray) decode(pcoNode(g), new DType.Primitive(PType.F64, false), g.total());
        assertThat(bytes(out)).isEqualTo(g.expected());
    }

    @Test
    void emptyAndAllNullArrays() {
        byte[] meta = proto().bytes(1, new byte[] {4, 1}).build();
        var empty = (PrimitiveArray) decode(node(PcoEncoding.ID, meta, List.of()), new DType.Primitive(PType.I32, false), 0);
        assertThat(empty.length()).isZero();
        var nulls = (PrimitiveArray) decode(node(PcoEncoding.ID, meta, List.of(), bools(false, false, false)),
                new DType.Primitive(PType.I64, true), 3);
        assertThat(bytes(nulls)).isEqualTo(new byte[24]);
        assertThat(nulls.isValid(1)).isFalse();
    }

    @Test
    void rejectsPageCountsThatDoNotMatchValidRows() {
        PcoGolden g = PcoGolden.load("constant_i32", "Classic", "NoOp");
        assertThatThrownBy(() -> decode(pcoNode(g), new DType.Primitive(PType.I32, false), g.total() + 1))
                .isInstanceOf(VortexException.class).hasMessageContaining("valid rows")
                .hasMessageContaining("vortex.pco");
    }

    @Test
    void rejectsWrongBufferCount() {
        PcoGolden g = PcoGolden.load("constant_i32", "Classic", "NoOp");
        Node full = pcoNode(g);
        Node missingPage = node(PcoEncoding.ID, full.metadata(), full.buffers().subList(0, 1));
        assertThatThrownBy(() -> decode(missingPage, new DType.Primitive(PType.I32, false), g.total()))
                .isInstanceOf(VortexException.class).hasMessageContaining("buffers");
    }

    @Test
    void rejectsTypesPcoDoesNotStore() {
        PcoGolden g = PcoGolden.load("classic_uint8", "Classic", "NoOp");
        assertThatThrownBy(() -> decode(pcoNode(g), new DType.Primitive(PType.U8, false), g.total()))
                .isInstanceOf(VortexException.class).hasMessageContaining("does not store U8");
        assertThatThrownBy(() -> decode(pcoNode(g), new DType.Utf8(false), g.total()))
                .isInstanceOf(VortexException.class).hasMessageContaining("cannot hold");
    }

    @Test
    void rejectsChunkMetadataOfAnotherType() {
        PcoGolden g = PcoGolden.load("floatmult_float32", "FloatMult", "NoOp");
        assertThatThrownBy(() -> decode(pcoNode(g), new DType.Primitive(PType.I32, false), g.total()))
                .isInstanceOf(VortexException.class).hasMessageContaining("FloatMult mode on integer type")
                .hasMessageContaining("vortex.pco");
    }

    @Test
    void pageErrorsNameChunkAndPage() {
        PcoGolden g = PcoGolden.load("pages_i32", "Classic", "Consecutive2");
        Node good = pcoNode(g);
        List<byte[]> buffers = new ArrayList<>(good.buffers());
        buffers.set(4, Arrays.copyOf(buffers.get(4), 3));  // chunk 0's meta is buffer 0, page 3 is buffer 4
        Node bad = node(PcoEncoding.ID, good.metadata(), buffers);
        assertThatThrownBy(() -> decode(bad, new DType.Primitive(PType.I32, false), g.total()))
                .isInstanceOf(VortexException.class).hasMessageContaining("vortex.pco/chunk[0]/page[3]")
                .hasMessageContaining("truncated");
    }

    @Test
    void rejectsBadHeader() {
        PcoGolden g = PcoGolden.load("constant_i32", "Classic", "NoOp");
        Node good = pcoNode(g);
        byte[] meta = proto().bytes(1, new byte[] {9, 0}).bytes(2, proto().bytes(1, proto().varint(1, g.total()).build()).build()).build();
        Node bad = node(PcoEncoding.ID, meta, good.buffers());
        assertThatThrownBy(() -> decode(bad, new DType.Primitive(PType.I32, false), g.total()))
                .isInstanceOf(VortexException.class).hasMessageContaining("metadata header");
    }

    @Test
    void corruptPagesFailWithVortexException() {
        SplittableRandom random = TestSupport.random("PcoEncodingTest.corruptPages");
        for (PcoGolden g : goldens().toList()) {
            Node good = pcoNode(g);
            for (int trial = 0; trial < 10; trial++) {
                List<byte[]> buffers = new ArrayList<>();
                for (byte[] b : good.buffers()) {
                    buffers.add(b.clone());
                }
                byte[] target = buffers.get(random.nextInt(buffers.size()));
                if (target.length == 0) {
                    continue;
                }
                if (random.nextBoolean()) {
                    target[random.nextInt(target.length)] ^= (byte) (1 + random.nextInt(255));
                    Node bad = node(PcoEncoding.ID, good.metadata(), buffers);
                    try {
                        decode(bad, new DType.Primitive(ptype(g), false), g.total());
                    } catch (VortexException expected) {
                        // fine: rejected
                    }
                } else {
                    int idx = buffers.indexOf(target);
                    buffers.set(idx, Arrays.copyOf(target, random.nextInt(target.length)));
                    Node bad = node(PcoEncoding.ID, good.metadata(), buffers);
                    assertThatThrownBy(() -> decode(bad, new DType.Primitive(ptype(g), false), g.total()))
                            .as(g.name()).isInstanceOf(VortexException.class);
                }
            }
        }
    }
}
