# cffts of tp.f (synthetic, as fixtures/fft2d/tp_synthetic.pp)
tag=cffts n=256 p=2 pc=2.58676 li=0.00175573 ip=0.0040326 sl=0 cl=0.00516626 rc=0
tag=cffts n=256 p=4 pc=2.5894 li=0.00486064 ip=0.0078035 sl=0 cl=0.0105331 rc=0
tag=cffts n=256 p=8 pc=2.52487 li=0.0143211 ip=0.0167702 sl=0 cl=0.0210578 rc=0.00939623
tag=cffts n=256 p=16 pc=2.55663 li=0.0390533 ip=0.0321711 sl=0 cl=0.0413923 rc=0.0272765
tag=cffts n=256 p=26 pc=2.58511 li=0.080592 ip=0.0508422 sl=0 cl=0.0687883 rc=0.0505041
tag=cffts n=512 p=2 pc=11.323 li=0.00372497 ip=0.00395047 sl=0 cl=0.0212891 rc=0
tag=cffts n=512 p=4 pc=11.5767 li=0.0116311 ip=0.00795404 sl=0 cl=0.0410295 rc=0
tag=cffts n=512 p=8 pc=11.2812 li=0.0314183 ip=0.0165377 sl=0 cl=0.0860155 rc=0.0371054
tag=cffts n=512 p=16 pc=11.314 li=0.091898 ip=0.0318286 sl=0 cl=0.170366 rc=0.112667
tag=cffts n=512 p=26 pc=11.6137 li=0.181776 ip=0.0519151 sl=0 cl=0.278903 rc=0.209801
