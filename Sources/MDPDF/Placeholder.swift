import MDCore
