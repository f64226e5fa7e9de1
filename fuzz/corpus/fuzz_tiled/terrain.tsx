<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="16" tileheight="16" tilecount="8" columns="8">
 <image source="images/tiles.png" trans="ff00ff" width="128" height="16"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="plains"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="2" type="hills"/>
 <tile id="3">
  <properties>
   <property name="terrain" value="mountains"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="6" type="plains">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="7" type="bridge"/>
</tileset>
