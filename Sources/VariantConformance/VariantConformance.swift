import VariantKit
