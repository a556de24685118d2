print("mdpdf")
