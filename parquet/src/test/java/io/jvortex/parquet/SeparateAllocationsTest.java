package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * The converter's batch arena: every buffer has a lifetime of its own, so the writer keeping one
 * column's buffers does not keep the batch's other columns alive.
 */
class SeparateAllocationsTest {
    @Test
    void everyAllocationHasItsOwnScope() {
        MemorySegment a = SeparateAllocations.INSTANCE.allocate(64, 8);
        MemorySegment b = SeparateAllocations.INSTANCE.allocate(64, 8);
        assertThat(a.scope()).isNotEqualTo(b.scope());
        // 8-byte aligned buffers live on the heap (memory the JVM has mapped already), wider ones natively
        assertThat(a.isNative()).isFalse();
        assertThat(a.maxByteAlignment()).isGreaterThanOrEqualTo(8);
        assertThat(a.byteSize()).isEqualTo(64);
        assertThat(SeparateAllocations.INSTANCE.allocate(13, 1).byteSize()).isEqualTo(13);
        MemorySegment wide = SeparateAllocations.INSTANCE.allocate(64, 16);
        assertThat(wide.isNative()).isTrue();
        assertThat(wide.address() % 16).isZero();
        // zeroed, writable, and independent of each other
        assertThat(a.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0)).isZero();
        a.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 42);
        assertThat(b.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0)).isZero();
    }

    @Test
    void itHasNoScopeAndCannotBeClosed() {
        assertThatThrownBy(SeparateAllocations.INSTANCE::scope).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(SeparateAllocations.INSTANCE::close).isInstanceOf(UnsupportedOperationException.class);
    }
}
