package io.jvortex.internal.encodings.varbinview;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.varbin.Golden;
import io.jvortex.internal.encodings.varbin.TestData;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * {@code vortex.varbinview} arrays serialized by the Rust reference ({@code Array.serialize}; the
 * default file writer stores uncompressed strings as {@code vortex.varbin}).
 */
class VarBinViewGoldenTest {
    @Test
    void nullableUnicodeViews() {
        var array = Golden.segment("varbinview/views_nullable");
        assertThat(array.root().encodingId()).isEqualTo(VarBinViewEncoding.ID);
        var expected = Golden.expected("varbinview/views_nullable");
        Canonical out = Golden.decode(array, new DType.Utf8(true), expected.size(), Arena.ofAuto());
        assertThat(out).isInstanceOf(VarBinViewArray.class);
        TestData.assertValues(out, expected);
    }

    @Test
    void patchValuesOfASparseColumnInARustWrittenFile() {
        // The data segment is vortex.sparse(indices, varbinview values); decode the values child
        // directly (its length is the patch count in SparseMetadata.patches.len), and compare with
        // the non-null rows in order.
        try (VortexFile file = VortexFile.open(Golden.path("varbinview/sparse_patch_values.vortex"))) {
            Layout.Zoned zoned = (Layout.Zoned) ((Layout.Struct) file.rootLayout()).fields().getFirst();
            Layout.Flat flat = (Layout.Flat) zoned.data();
            SerializedArray array = SerializedArray.parse(file.segment(flat.segmentId()),
                    file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path());
            ArrayNode sparse = array.root();
            assertThat(sparse.encodingId()).isEqualTo("vortex.sparse");
            ArrayNode values = sparse.child(1);
            assertThat(values.encodingId()).isEqualTo(VarBinViewEncoding.ID);
            int patches = patchCount(sparse);
            DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), Arena.ofAuto(), false, 1L << 30);
            Canonical out = ctx.decode(values, flat.dtype(), patches);
            List<byte[]> expected = Golden.expected("varbinview/sparse_patch_values").stream()
                    .filter(Objects::nonNull).toList();
            TestData.assertValues(out, expected);
        }
    }

    @Test
    void sparseColumnInFull() {
        Golden.assertColumn("varbinview/sparse_patch_values", "vortex.sparse");
    }

    private static int patchCount(ArrayNode sparse) {
        ProtoReader outer = new ProtoReader(sparse.metadata(), "SparseMetadata");
        while (outer.next()) {
            if (outer.field() == 1) {
                ProtoReader patches = new ProtoReader(outer.bytes(), "PatchesMetadata");
                while (patches.next()) {
                    if (patches.field() == 1) {
                        return (int) patches.varint();
                    }
                    patches.skip();
                }
            } else {
                outer.skip();
            }
        }
        throw new AssertionError("no patches metadata");
    }

    @Test
    void binaryViews() {
        var array = Golden.segment("varbinview/views_binary");
        var expected = Golden.expected("varbinview/views_binary");
        Canonical out = Golden.decode(array, new DType.Binary(false), expected.size(), Arena.ofAuto());
        TestData.assertValues(out, expected);
    }
}
