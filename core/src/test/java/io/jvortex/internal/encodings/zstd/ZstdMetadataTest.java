package io.jvortex.internal.encodings.zstd;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Proto;
import io.jvortex.internal.encodings.varbin.Golden;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ZstdMetadata} as the Rust writer (prost) emits it. */
class ZstdMetadataTest {
    @Test
    void parsesTheMetadataOfARustWrittenNode() {
        try (VortexFile file = VortexFile.open(Golden.path("zstd/hex_ids.vortex"))) {
            Layout.Struct root = (Layout.Struct) file.rootLayout();
            Layout.Flat flat = (Layout.Flat) ((Layout.Zoned) root.fields().getFirst()).data();
            SerializedArray array = SerializedArray.parse(file.segment(flat.segmentId()),
                    file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path());
            ArrayNode node = array.root();
            assertThat(node.encodingId()).isEqualTo(ZstdEncoding.ID);
            // vx_inspect: meta={"2":[{"1":215443,"2":8192},{"1":215530,"2":8192},{"1":16218,"2":616}]}
            ZstdEncoding.ZstdMetadata m = ZstdEncoding.ZstdMetadata.parse(node.metadata());
            assertThat(m.dictionarySize()).isZero();
            assertThat(m.frames()).containsExactly(new ZstdEncoding.ZstdMetadata.Frame(215443, 8192),
                    new ZstdEncoding.ZstdMetadata.Frame(215530, 8192), new ZstdEncoding.ZstdMetadata.Frame(16218, 616));
            assertThat(node.bufferCount()).isEqualTo(3);
            // the scheme's serialization is byte for byte prost's
            assertThat(m.serialize()).containsExactly(node.metadata().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void defaultsAndUnknownFields() {
        byte[] bytes = Proto.message().varint(1, 4096).message(2, Proto.message().varint(1, 10))
                .varint(9, 1).message(2, Proto.message().varint(2, 3).varint(7, 5)).build();
        ZstdEncoding.ZstdMetadata m = ZstdEncoding.ZstdMetadata.parse(MemorySegment.ofArray(bytes));
        assertThat(m.dictionarySize()).isEqualTo(4096);
        assertThat(m.frames()).isEqualTo(List.of(new ZstdEncoding.ZstdMetadata.Frame(10, 0),
                new ZstdEncoding.ZstdMetadata.Frame(0, 3)));
        assertThat(ZstdEncoding.ZstdMetadata.parse(MemorySegment.ofArray(new byte[0])).frames()).isEmpty();
    }
}
