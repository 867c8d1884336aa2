package io.jvortex.internal.encodings.frameofreference;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.RustNodes;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The v1 and v2 metadata records' serialize and parse agree; v1 reproduces the Rust writer's bytes. */
class FrameOfReferenceMetadataTest {
    @Test
    void roundTrips() {
        for (PType t : new PType[] {PType.I8, PType.U16, PType.I32, PType.U32, PType.I64, PType.U64}) {
            DType.Primitive p = new DType.Primitive(t, false);
            for (long v : new long[] {0, 1, 100, t.isSigned() ? -100 : 200}) {
                FrameOfReferenceMetadata m = new FrameOfReferenceMetadata(new Scalar(p, v));
                FrameOfReferenceMetadata back = FrameOfReferenceMetadata.parse(MemorySegment.ofArray(m.serialize()), p);
                assertThat(back.reference().asLong()).as("%s %d", t, v).isEqualTo(v);
                assertThat(back.serialize()).isEqualTo(m.serialize());
            }
        }
        for (int offset : new int[] {0, 1, 1023}) {
            FrameOfReferenceV2Metadata m = new FrameOfReferenceV2Metadata(offset);
            assertThat(FrameOfReferenceV2Metadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
        assertThat(new FrameOfReferenceV2Metadata(0).serialize()).isEmpty();
    }

    @Test
    void reserializesEveryRustWrittenNode() {
        int n = RustNodes.forEachFlatRoot(FrameOfReferenceEncoding.ID, (node, dtype) -> assertThat(
                FrameOfReferenceMetadata.parse(node.metadata(), (DType.Primitive) dtype).serialize())
                .as(node.path()).containsExactly(RustNodes.metadata(node)));
        assertThat(n).isPositive();
    }
}
